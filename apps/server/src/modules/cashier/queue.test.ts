/* Bulk review of deposits and withdrawals: each item through its single service in its own transaction,
 * a result per id (done, or why not in Chinese), one reason for all; and the request's limits. */
import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';
import {
  MSG_BULK_EMPTY,
  MSG_BULK_MAX,
  MSG_BULK_REASON,
  msgClaimedBy,
  type BulkResult,
} from '@app/contract/console-queue';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock } from '../../core/clock';
import { auditLog } from '../../db/schema/operators';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingDeposit, pendingWithdrawal } from '../../../test/console-samples/money';
import { agedDeposit } from '../../../test/console-samples/queue';
import { balanceOf, depositOf, ledgerOf, memberFacts } from '../../../test/queue-support';
import { getControls, msgDailyTotal, saveControls, type Controls } from '../approvals/controls';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let fin2: ConsoleAgent;
let risk: ConsoleAgent;
let defaults: Controls;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  [fin, fin2, risk] = [await c.signIn('finance'), await c.signIn('finance'), await c.signIn('risk')];
  defaults = await getControls(t.db);
}, 60_000);
afterEach(async () => {
  resetClock();
  await saveControls(t.db, defaults);
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const bulk = async (agent: ConsoleAgent, path: string, body: unknown) => {
  const r = await agent.post(path, body);
  return { data: dataOf<BulkResult>(r), message: r.body?.message };
};
const auditCount = async (type: string, id: number, action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id)), eq(auditLog.action, action)),
      )
  ).length;

describe('bulk review of deposits', () => {
  it('approves each it may, and says why not for the others (never all-or-nothing)', async () => {
    const ok = await pendingDeposit(t, 501);
    const ok2 = await pendingDeposit(t, 502);
    const expired = await agedDeposit(t, DEPOSIT_WINDOW_MINUTES + 1, 503);
    const rejected = await pendingDeposit(t, 504);
    const held = await pendingDeposit(t, 505);
    dataOf(await fin.post('/api/deposits/reject', { id: rejected.id, reason: '未到账' }));
    dataOf(await fin2.post('/api/deposits/claim', { id: held.id }));
    const before = await memberFacts(t, ok.userId);

    const ids = [ok.id, expired.id, rejected.id, held.id, 99_999_999, ok2.id, ok.id];
    const r = await bulk(fin, '/api/deposits/bulk-approve', { ids, reason: '批量核对到账' });
    expect(r.message).toBe('2 笔成功，4 笔未处理');
    expect(r.data.done).toBe(2);
    expect(r.data.failed).toBe(4);
    const byId = new Map(r.data.results.map((x) => [x.id, x]));
    expect(r.data.results).toHaveLength(6);
    expect(byId.get(ok.id)).toEqual({ id: ok.id, ok: true, message: '已通过' });
    expect(byId.get(expired.id)?.message).toBe(`订单已超过${DEPOSIT_WINDOW_MINUTES}分钟，不能再通过`);
    expect(byId.get(rejected.id)?.message).toMatch(new RegExp(`^该存款已由 ${fin.name} 于 .* 拒绝$`));
    expect(byId.get(held.id)?.message).toBe(msgClaimedBy(fin2.name));
    expect(byId.get(99_999_999)?.message).toBe('订单不存在');

    // Credited once each, as a single approval: ledger legs, paysum, turnover, review note, audit.
    const d = await depositOf(t, ok.id);
    expect([d.state, d.reviewedBy, d.reviewNote]).toEqual([2, fin.name, '批量核对到账']);
    expect(await balanceOf(t, ok.userId)).toBe(50_100n);
    expect(await ledgerOf(t, d.depositNo)).toEqual({ lines: 2, sum: 0n });
    const after = await memberFacts(t, ok.userId);
    expect(after.paysum - before.paysum).toBe(50_100n);
    expect(after.required - before.required).toBe(50_100n);
    expect(await auditCount('deposit', ok.id, 'deposit.approve')).toBe(1);
    expect((await depositOf(t, expired.id)).state).toBe(1);
    expect((await depositOf(t, held.id)).state).toBe(1);
    expect(await balanceOf(t, expired.userId)).toBe(0n);
  });

  it('rejects each with the one reason (required); nothing is credited', async () => {
    const a = await pendingDeposit(t, 511);
    const b = await agedDeposit(t, DEPOSIT_WINDOW_MINUTES + 5, 512);
    const r = await bulk(fin, '/api/deposits/bulk-reject', { ids: [a.id, b.id], reason: '  未收到款项 ' });
    expect(r.data).toMatchObject({ done: 2, failed: 0 });
    for (const x of [a, b]) {
      expect(await depositOf(t, x.id)).toMatchObject({
        state: 3,
        reviewNote: '未收到款项',
        reviewedBy: fin.name,
      });
      expect(await balanceOf(t, x.userId)).toBe(0n);
      expect(await auditCount('deposit', x.id, 'deposit.reject')).toBe(1);
    }
    const missing = await fin.post('/api/deposits/bulk-reject', { ids: [a.id] });
    expect([missing.status, missing.body?.message]).toEqual([400, MSG_BULK_REASON]);
  });

  it('refuses an empty or too long list', async () => {
    const refused = async (body: unknown) => {
      const r = await fin.post('/api/deposits/bulk-approve', body);
      return [r.status, r.body?.message];
    };
    expect(await refused({ ids: [] })).toEqual([400, MSG_BULK_EMPTY]);
    expect(await refused({})).toEqual([400, MSG_BULK_EMPTY]);
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(await refused({ ids: many })).toEqual([400, MSG_BULK_MAX]);
  });
});

describe('bulk review of withdrawals', () => {
  it('rejects each (风控 too): the whole amount returns to each member', async () => {
    const a = await pendingWithdrawal(t, { yuan: '120.00' });
    const b = await pendingWithdrawal(t, { yuan: '130.00' });
    const r = await bulk(risk, '/api/withdrawals/bulk-reject', { ids: [a.id, b.id], reason: '信息不符' });
    expect(r.data).toMatchObject({ done: 2, failed: 0 });
    expect(await balanceOf(t, a.userId)).toBe(12_000n);
    expect(await balanceOf(t, b.userId)).toBe(13_000n);
    expect(await auditCount('withdrawal', a.id, 'withdrawal.reject')).toBe(1);
    // 风控 may not pay out.
    expect((await risk.post('/api/withdrawals/bulk-approve', { ids: [a.id] })).status).toBe(403);
  });

  it('pays each under the operator daily total, the claims and the 风控 hold', async () => {
    await saveControls(t.db, { ...defaults, dailyApproveCents: 35_000n });
    const payer = await c.signIn('finance');
    const first = await pendingWithdrawal(t, { yuan: '200.00' });
    const second = await pendingWithdrawal(t, { yuan: '200.00' });
    const third = await pendingWithdrawal(t, { yuan: '100.00' });
    const held = await pendingWithdrawal(t, { yuan: '100.00' });
    dataOf(await fin2.post('/api/withdrawals/claim', { id: held.id }));
    const r = await bulk(payer, '/api/withdrawals/bulk-approve', {
      ids: [first.id, second.id, third.id, held.id],
    });
    expect(r.data.results).toEqual([
      { id: first.id, ok: true, message: '已通过' },
      { id: second.id, ok: false, message: msgDailyTotal('approve', 20_000n, 20_000n, 35_000n) },
      { id: third.id, ok: true, message: '已通过' },
      { id: held.id, ok: false, message: msgClaimedBy(fin2.name) },
    ]);
    const rows = dataOf<{ rows: { id: number; state: number }[] }>(
      await fin.get('/api/withdrawals', { state: '0', pageSize: '200' }),
    ).rows;
    const stateOf = (id: number) => rows.find((x) => x.id === id)?.state;
    expect([stateOf(first.id), stateOf(second.id), stateOf(third.id), stateOf(held.id)]).toEqual([
      2, 1, 2, 1,
    ]);
    dataOf(await fin.post('/api/withdrawals/reject', { id: second.id, reason: '清理' }));
    dataOf(await fin2.post('/api/withdrawals/reject', { id: held.id, reason: '清理' }));
  });

  it('leaves a withdrawal held for 风控 pending, with its reason', async () => {
    const cardNo = '6222020000000000123';
    const a = await pendingWithdrawal(t, { yuan: '100.00', cardNo });
    const b = await pendingWithdrawal(t, { yuan: '100.00', cardNo });
    const r = await bulk(fin, '/api/withdrawals/bulk-approve', { ids: [b.id] });
    const [only] = r.data.results;
    expect(only?.ok).toBe(false);
    expect(only?.message).toMatch(/风控/);
    for (const w of [a, b]) dataOf(await fin.post('/api/withdrawals/reject', { id: w.id, reason: '清理' }));
  });
});
