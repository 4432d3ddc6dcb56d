import { formatCents } from '@app/contract/codecs';
import { opsCreditWallet, opsLedgerCheck } from '@app/contract/ops-money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/accounts';
import { opsEndpoint } from '../respond';
import { BusinessError } from '../../core/errors';
import { centralBalance } from '../../modules/wallet/service';
import { credit, ledgerCheck } from '../../modules/wallet/ledger';

/** Operator routes of the ledger (under /ops). */
export default async function ledgerOps(app: FastifyInstance) {
  // A broken ledger answers 409, so `ledger:check` exits non-zero.
  opsEndpoint(app, opsLedgerCheck, async () => {
    const report = await ledgerCheck(app.db);
    return report.ok
      ? { data: report, message: '账目平衡' }
      : { data: report, message: '账目不平衡', code: 409 };
  });

  opsEndpoint(app, opsCreditWallet, async ({ input }) => {
    const [user] = await app.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
    if (!user) throw new BusinessError('用户不存在', 404);
    await credit(app.db, user.id, BigInt(input.amount), 'adjustment', input.memo ?? 'operator');
    return {
      data: {
        username: user.username,
        amount: formatCents(input.amount),
        balance: formatCents(await centralBalance(app.db, user.id)),
      },
    };
  });
}
