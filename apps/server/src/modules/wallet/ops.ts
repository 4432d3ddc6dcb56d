import { formatCents } from '@app/contract/codecs';
import { opsCreditWallet, opsLedgerCheck } from '@app/contract/ops-money';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { memberNamed } from '../../identity/members';
import { credit, ledgerCheck } from './ledger';
import { centralBalance } from './service';

/** Operator routes of the ledger (under /ops). */
export default async function walletOps(app: FastifyInstance) {
  // A broken ledger answers 409, so `ledger:check` exits non-zero.
  opsEndpoint(app, opsLedgerCheck, async () => {
    const report = await ledgerCheck(app.db);
    return report.ok
      ? { data: report, message: '账目平衡' }
      : { data: report, message: '账目不平衡', code: 409 };
  });

  opsEndpoint(app, opsCreditWallet, async ({ input }) => {
    const member = await memberNamed(app.db, input.username);
    await credit(app.db, member.id, BigInt(input.amount), 'adjustment', input.memo ?? 'operator');
    return {
      data: {
        username: member.username,
        amount: formatCents(input.amount),
        balance: formatCents(await centralBalance(app.db, member.id)),
      },
    };
  });
}
