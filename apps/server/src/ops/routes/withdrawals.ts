import { GAME_CATEGORIES } from '@app/contract/enums';
import { formatCents, toCents } from '@app/contract/codecs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema/accounts';
import { gamePlatforms } from '../../db/schema/games';
import { ok, parseOps } from '../respond';
import { BusinessError } from '../../core/errors';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  type WithdrawalOutcome,
} from '../../modules/withdrawals/service';
import { recordValidBet } from '../../modules/withdrawals/turnover';

const outcome = (r: WithdrawalOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return ok({ id: r.id, amount: r.amount });
};

/** Operator routes of withdrawals and valid bets (under /ops). */
export default async function withdrawalOps(app: FastifyInstance) {
  app.get('/withdrawals', async (request) => {
    const q = parseOps(
      z.object({
        state: z.coerce.number().int().min(0).max(3).default(1),
        limit: z.coerce.number().int().min(1).max(1000).default(100),
      }),
      request,
    );
    return ok({ withdrawals: await listWithdrawals(app.db, q.state === 0 ? null : q.state, q.limit) });
  });
  const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
  app.post('/withdrawals/approve', async (request) =>
    outcome(await approveWithdrawal(app.db, parseOps(Id, request).id)),
  );
  app.post('/withdrawals/reject', async (request) =>
    outcome(await rejectWithdrawal(app.db, parseOps(Id, request).id)),
  );

  app.post('/bets/record', async (request) => {
    const body = parseOps(
      z.object({
        username: z.string().min(1).max(32),
        platform: z.string().min(1).max(32),
        amount: z.string().max(32),
      }),
      request,
    );
    const text = body.amount.trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
    if (cents === null || cents <= 0 || cents > 10_000_000_000) throw new BusinessError('金额无效');
    const [user] = await app.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`);
    if (!user) throw new BusinessError('用户不存在', 404);
    const [platform] = await app.db
      .select({ category: gamePlatforms.category, code: gamePlatforms.platformName })
      .from(gamePlatforms)
      .where(eq(gamePlatforms.platformName, body.platform))
      .limit(1);
    if (!platform || !(GAME_CATEGORIES as readonly string[]).includes(platform.category)) {
      throw new BusinessError('场馆不存在', 404);
    }
    await app.db.transaction((tx) =>
      recordValidBet(tx, user.id, {
        platform: platform.code,
        category: platform.category,
        stakeCents: BigInt(cents),
        validCents: BigInt(cents),
      }),
    );
    return ok({ username: user.username, platform: platform.code, amount: formatCents(cents) });
  });
}
