import { GAME_CATEGORIES } from '@app/contract/enums';
import { formatCents } from '@app/contract/codecs';
import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import {
  opsApproveWithdrawal,
  opsRecordBet,
  opsRejectWithdrawal,
  opsWithdrawals,
} from '@app/contract/ops-money';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/accounts';
import { gamePlatforms } from '../../db/schema/games';
import { opsEndpoint } from '../respond';
import { BusinessError } from '../../core/errors';
import { cliActor } from '../../db/audit';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  type WithdrawalOutcome,
} from '../../modules/withdrawals/review';
import { recordValidBet } from '../../modules/wallet/turnover';

const outcome = (r: WithdrawalOutcome) => {
  if (!r.ok) throw new BusinessError(r.message, 409);
  return { data: { id: r.id, amount: r.amount } };
};

/** Operator routes of withdrawals and valid bets (under /ops). */
export default async function withdrawalOps(app: FastifyInstance) {
  opsEndpoint(app, opsWithdrawals, async ({ input }) => ({
    data: {
      withdrawals: await listWithdrawals(
        app.db,
        input.state === OPS_LIST_STATE_ALL ? null : input.state,
        input.limit,
      ),
    },
  }));
  opsEndpoint(app, opsApproveWithdrawal, async ({ input, request }) =>
    outcome(await approveWithdrawal(app.db, input.id, cliActor(request.ip))),
  );
  opsEndpoint(app, opsRejectWithdrawal, async ({ input, request }) =>
    outcome(await rejectWithdrawal(app.db, input.id, cliActor(request.ip))),
  );

  opsEndpoint(app, opsRecordBet, async ({ input }) => {
    const [user] = await app.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
    if (!user) throw new BusinessError('用户不存在', 404);
    const [platform] = await app.db
      .select({ category: gamePlatforms.category, code: gamePlatforms.platformName })
      .from(gamePlatforms)
      .where(eq(gamePlatforms.platformName, input.platform))
      .limit(1);
    if (!platform || !(GAME_CATEGORIES as readonly string[]).includes(platform.category)) {
      throw new BusinessError('场馆不存在', 404);
    }
    await app.db.transaction((tx) =>
      recordValidBet(tx, user.id, {
        platform: platform.code,
        category: platform.category,
        stakeCents: BigInt(input.amount),
        validCents: BigInt(input.amount),
      }),
    );
    return { data: { username: user.username, platform: platform.code, amount: formatCents(input.amount) } };
  });
}
