/* The console's withdrawal queue: reject returns the money, approve pays it out, races give one
 * effect, the detail's turnover, history and warnings (shared card, shared sign-in address). */
import { MSG_REVIEW_REASON } from '@app/contract/console-define';
import { randomUUID } from 'node:crypto';
import { MSG_SEPARATION, type ConsoleWithdrawalDetail } from '@app/contract/console-money';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberLogins } from '../../db/schema/operators';
import { ledgerEntries, withdrawals } from '../../db/schema/money';
import { wallets } from '../../db/schema/wallets';
import { centralWalletId } from '../wallet/ledger';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingWithdrawal, uniqueCardNo } from '../../../test/console-samples/money';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let fin2: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  fin2 = await c.signIn('finance');
}, 60_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const balanceOf = async (userId: number) => {
  const id = await centralWalletId(t.db, userId);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.id, id));
  return w?.balanceCents;
};
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))));
const legsOf = async (id: number) => {
  const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return t.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, w?.orderNo ?? ''));
};
const detail = async (id: number) =>
  dataOf<ConsoleWithdrawalDetail>(await fin.get('/api/withdrawals/detail', { id: String(id) }));
/** Every test member signs in from 127.0.0.1: the sign-in tests start from none. */
const forgetSignIns = () => t.db.delete(memberLogins);
const REVIEWED = (name: string, verb: string) =>
  new RegExp(`^该提现已由 ${name} 于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${verb}$`);

describe('separation of duties', () => {
  const approve = (agent: ConsoleAgent, id: number) => agent.post('/api/withdrawals/approve', { id });

  it('an operator who adjusted the member’s balance cannot approve their withdrawal; another can', async () => {
    const w = await pendingWithdrawal(t, { yuan: '100.00' });
    const credit = {
      id: w.userId,
      direction: 'credit',
      amount: '5',
      reason: '补偿',
      request_id: randomUUID(),
    };
    dataOf(await fin.post('/api/members/adjust', credit));
    const mine = await approve(fin, w.id);
    expect([mine.status, mine.body?.message]).toEqual([409, MSG_SEPARATION.adjusted]);
    dataOf(await approve(fin2, w.id));
  });
});

describe('withdrawal queue', () => {
  it('lists pending withdrawals with the card; reject returns the whole amount to the central wallet', async () => {
    const w = await pendingWithdrawal(t, { yuan: '250.00' });
    expect(await balanceOf(w.userId)).toBe(0n);
    const pending = dataOf<{ rows: { id: number; kind: string; bank: string; account_name: string }[] }>(
      await fin.get('/api/withdrawals', { pageSize: '200' }),
    );
    expect(pending.rows.find((r) => r.id === w.id)).toMatchObject({
      kind: 'bank',
      bank: '招商银行',
      account_name: '张三',
    });
    const noReason = await fin.post('/api/withdrawals/reject', { id: w.id, reason: ' ' });
    expect([noReason.status, noReason.body?.message]).toEqual([400, MSG_REVIEW_REASON]);
    dataOf(await fin.post('/api/withdrawals/reject', { id: w.id, reason: '银行卡信息不符' }));
    expect(await balanceOf(w.userId)).toBe(25_000n);
    const again = await fin2.post('/api/withdrawals/approve', { id: w.id });
    expect([again.status, again.body?.message]).toEqual([
      409,
      expect.stringMatching(REVIEWED(fin.name, '拒绝')),
    ]);
    const rejected = dataOf<{ rows: { id: number; review_note: string; reviewed_by: string }[] }>(
      await fin.get('/api/withdrawals', { state: '3', pageSize: '200' }),
    );
    expect(rejected.rows.find((r) => r.id === w.id)).toMatchObject({
      review_note: '银行卡信息不符',
      reviewed_by: fin.name,
    });
    const audits = await auditOf(w.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'withdrawal.reject',
      operatorName: fin.name,
      before: { state: 1, amount: '250.00', reviewed_by: '', note: '' },
      after: { state: 3, amount: '250.00', reviewed_by: fin.name, note: '银行卡信息不符' },
    });
  });

  it('two approvals at once pay out once; approve and reject at once settle once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const w = await pendingWithdrawal(t);
      const before = (await legsOf(w.id)).length;
      const replies = await Promise.all([
        fin.post('/api/withdrawals/approve', { id: w.id }),
        fin2.post('/api/withdrawals/approve', { id: w.id }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies[0]?.status === 200 ? fin : fin2;
      expect(replies.find((r) => r.status === 409)?.body?.message).toMatch(REVIEWED(winner.name, '通过'));
      expect((await legsOf(w.id)).length - before).toBe(2);
      expect(await auditOf(w.id)).toHaveLength(1);
      expect(await balanceOf(w.userId)).toBe(0n);
    }
    for (let round = 0; round < 3; round += 1) {
      const w = await pendingWithdrawal(t);
      const replies = await Promise.all([
        fin.post('/api/withdrawals/approve', { id: w.id }),
        fin2.post('/api/withdrawals/reject', { id: w.id, reason: '可疑' }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
      expect(await balanceOf(w.userId)).toBe(row?.state === 3 ? 20_000n : 0n);
      expect(await auditOf(w.id)).toHaveLength(1);
    }
  });

  it('the detail: turnover, the last deposits, bets and withdrawals, and no warnings for a clean member', async () => {
    const w = await pendingWithdrawal(t, { yuan: '300.00' });
    await forgetSignIns();
    const d = await detail(w.id);
    expect(d.withdrawal).toMatchObject({ id: w.id, amount: '300.00', state: 1, kind: 'bank' });
    expect(d.turnover).toEqual({ done: '0.00', required: '0.00' });
    expect(d.history.withdrawals).toHaveLength(1);
    expect(d.history.withdrawals[0]).toMatchObject({ label: '银行卡', amount: '300.00', state: '审核中' });
    expect(d.warnings).toEqual({ account_bound_by: [], account_used_by: [], shared_ips: [] });
    expect((await fin.get('/api/withdrawals/detail', { id: '2000000000' })).status).toBe(404);
  });

  it('history counts deposits and venue bets; turnover shows done / required', async () => {
    const w = await pendingWithdrawal(t);
    const no = dataOf<{ deposit_no: string }>(
      await t.post('/api/recharge', { paytype: 'wxpay', amount: 150 }, { token: w.token, headers: idem() }),
    ).deposit_no;
    const list = dataOf<{ rows: { id: number; deposit_no: string }[] }>(
      await fin.get('/api/deposits', { pageSize: '200' }),
    );
    const depositId = list.rows.find((r) => r.deposit_no === no)?.id;
    dataOf(await fin.post('/api/deposits/approve', { id: depositId }));
    dataOf(await t.op('/bets/record', { username: w.name, platform: 'AG', amount: '30' }));
    const d = await detail(w.id);
    expect(d.history.deposits.map((x) => [x.ref, x.label, x.amount, x.state])).toEqual([
      [no, '微信支付', '150.00', '已通过'],
    ]);
    expect(d.history.bets).toHaveLength(1);
    expect(d.history.bets[0]).toMatchObject({ ref: 'AG', amount: '30.00' });
    expect(d.turnover).toEqual({ done: '30.00', required: '150.00' });
    expect(d.balance).toBe('150.00');
  });

  it('warns when the card is bound or used by other members, and about shared sign-in addresses', async () => {
    const card = uniqueCardNo();
    const first = await pendingWithdrawal(t, { cardNo: card });
    const second = await pendingWithdrawal(t, { cardNo: card });
    const loner = await pendingWithdrawal(t);
    await forgetSignIns();
    const d = await detail(second.id);
    expect(d.warnings.account_bound_by.map((m) => m.user_id)).toEqual([first.userId]);
    expect(d.warnings.account_used_by.map((m) => m.user_id)).toEqual([first.userId]);
    expect(d.warnings.account_bound_by[0]?.username).toBe(first.name);

    const at = new Date();
    await t.db.insert(memberLogins).values([
      { userId: loner.userId, ip: '10.9.8.7', at },
      { userId: loner.userId, ip: '10.9.8.6', at },
      { userId: first.userId, ip: '10.9.8.7', at },
      { userId: second.userId, ip: '10.9.8.7', at },
      { userId: second.userId, ip: '10.9.8.5', at },
    ]);
    const l = await detail(loner.id);
    expect(l.warnings.account_bound_by).toEqual([]);
    expect(l.warnings.shared_ips).toEqual([
      {
        ip: '10.9.8.7',
        members: [
          { user_id: first.userId, username: first.name },
          { user_id: second.userId, username: second.name },
        ],
      },
    ]);
  });
});
