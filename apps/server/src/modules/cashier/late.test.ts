/* 补单: a late approval of a pending deposit whose window ran out, asked by one 财务 with a reason and
 * approved by another (待复核 'deposit.late'); credited exactly as an approval, once, whatever it races. */
import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';
import {
  MSG_APPROVAL_SELF,
  reviewSubmittedMessage,
  type ReviewTicket,
} from '@app/contract/console-approvals';
import {
  MSG_LATE_NOT_EXPIRED,
  MSG_LATE_PENDING,
  MSG_LATE_REASON,
  msgClaimedBy,
} from '@app/contract/console-queue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../db/audit';
import { rootOf } from '../../db/scope';
import { approvals } from '../../db/schema/approvals';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingDeposit } from '../../../test/console-samples/money';
import { agedDeposit } from '../../../test/console-samples/queue';
import { balanceOf, depositOf, ledgerOf, memberFacts } from '../../../test/queue-support';
import { submitApproval } from '../approvals/service';

let t: TestApp;
let c: TestConsole;
let maker: ConsoleAgent;
let checker: ConsoleAgent;
let checker2: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  [maker, checker, checker2] = [
    await c.signIn('finance'),
    await c.signIn('finance'),
    await c.signIn('finance'),
  ];
}, 60_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const LATE = DEPOSIT_WINDOW_MINUTES + 5;
const REASON = '客户已付款，银行到账延迟';
const ask = (id: number, reason = REASON) => maker.post('/api/deposits/late', { id, reason });
const decide = (agent: ConsoleAgent, id: number, approve = true, note = '') =>
  agent.post('/api/approvals/decide', { id, approve, note });
const refusal = (r: { status: number; body: { message: string } | null }) => [r.status, r.body?.message];

describe('补单', () => {
  it('is asked with a reason, approved by another 财务, and credits like an approval', async () => {
    const d = await agedDeposit(t, LATE, 620);
    const asked = await ask(d.id, `  ${REASON} `);
    expect(asked.body?.message).toBe(reviewSubmittedMessage('deposit.late'));
    expect(reviewSubmittedMessage('deposit.late')).toContain('补单');
    const ticket = dataOf<ReviewTicket>(asked);
    expect(ticket.summary).toContain(`${(await depositOf(t, d.id)).depositNo} 620.00 元`);
    expect(refusal(await ask(d.id))).toEqual([409, MSG_LATE_PENDING]);
    expect((await depositOf(t, d.id)).state).toBe(1);

    // The asker cannot approve its own.
    expect(refusal(await decide(maker, ticket.review_id))).toEqual([403, MSG_APPROVAL_SELF]);
    const before = await memberFacts(t, d.userId);
    const decided = dataOf<{ item: { status: string; result: string } }>(
      await decide(checker, ticket.review_id),
    );
    expect(decided.item.status).toBe('approved');
    const row = await depositOf(t, d.id);
    expect(row).toMatchObject({
      state: 2,
      reviewNote: `补单：${REASON}`,
      reviewedBy: `${maker.name}（复核：${checker.name}）`,
    });
    expect(await balanceOf(t, d.userId)).toBe(62_000n);
    expect(await ledgerOf(t, row.depositNo)).toEqual({ lines: 2, sum: 0n });
    const after = await memberFacts(t, d.userId);
    expect(after.paysum - before.paysum).toBe(62_000n);
    expect(after.required - before.required).toBe(62_000n);
    const [approval] = await t.db.select().from(approvals).where(eq(approvals.id, ticket.review_id));
    expect(approval).toMatchObject({ kind: 'deposit.late', reason: REASON, targetId: String(d.id) });
    expect(refusal(await ask(d.id))[0]).toBe(409);
  });

  it('is refused for a deposit still in its window, without a reason, or held by another', async () => {
    const fresh = await pendingDeposit(t, 621);
    expect(refusal(await ask(fresh.id))).toEqual([400, MSG_LATE_NOT_EXPIRED]);
    const old = await agedDeposit(t, LATE, 622);
    expect(refusal(await ask(old.id, ' 晚了 '))).toEqual([400, MSG_LATE_REASON]);
    expect(refusal(await maker.post('/api/deposits/late', { id: old.id }))).toEqual([400, MSG_LATE_REASON]);
    dataOf(await checker.post('/api/deposits/claim', { id: old.id }));
    expect(refusal(await ask(old.id))).toEqual([409, msgClaimedBy(checker.name)]);
    expect(refusal(await maker.post('/api/deposits/late', { id: 99_999_999, reason: REASON }))).toEqual([
      404,
      '订单不存在',
    ]);
    dataOf(await checker.post('/api/deposits/reject', { id: old.id, reason: '未到账' }));
  });

  it('fails (nothing credited) when the deposit was rejected before the approval', async () => {
    const d = await agedDeposit(t, LATE, 623);
    const ticket = dataOf<ReviewTicket>(await ask(d.id));
    dataOf(await checker2.post('/api/deposits/reject', { id: d.id, reason: '未到账' }));
    const decided = dataOf<{ item: { status: string; result: string } }>(
      await decide(checker, ticket.review_id),
    );
    expect(decided.item.status).toBe('failed');
    expect(decided.item.result).toMatch(/^该存款已由 .* 拒绝$/);
    expect(await balanceOf(t, d.userId)).toBe(0n);
  });

  it('raced twice (two approvals of two checkers at once) credits once', async () => {
    const d = await agedDeposit(t, LATE, 624);
    const row = await depositOf(t, d.id);
    const actor = { operatorId: maker.id, name: maker.name, ip: '' };
    // Two tickets for the same deposit (as a race of two asks could file), decided at the same time.
    const file = () =>
      submitApproval(
        rootOf(t.db),
        actor,
        {
          kind: 'deposit.late',
          targetType: 'deposit',
          targetId: d.id,
          payload: { id: d.id, depositNo: row.depositNo, reason: REASON },
          summary: '补单',
          reason: REASON,
          cents: row.amountCents,
        },
        (e) => writeAudit(t.db, actor, e),
      );
    const [a, b] = [await file(), await file()];
    const [ra, rb] = await Promise.all([
      decide(checker, a.review_id),
      decide(checker2, b.review_id),
      checker.post('/api/deposits/approve', { id: d.id }),
    ]);
    const statuses = [ra, rb].map((r) => dataOf<{ item: { status: string } }>(r).item.status).sort();
    expect(statuses).toEqual(['approved', 'failed']);
    expect(await balanceOf(t, d.userId)).toBe(62_400n);
    expect(await ledgerOf(t, row.depositNo)).toEqual({ lines: 2, sum: 0n });
    expect((await memberFacts(t, d.userId)).paysum).toBe(62_400n);
  });
});
