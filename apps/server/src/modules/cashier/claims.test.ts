/* 领取 / 释放 of deposits and withdrawals: one live claim at a time, its expiry, who may release it, and
 * every review door refusing an operator who does not hold another's live claim (the command line may). */
import {
  MSG_CLAIM_REVIEWED,
  MSG_RELEASE_NOT_HOLDER,
  msgClaimedBy,
  QUEUE_CLAIM_MINUTES,
} from '@app/contract/console-queue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { now, resetClock } from '../../core/clock';
import { deposits } from '../../db/schema/money';
import { cliActor } from '../../db/audit';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingDeposit, pendingWithdrawal } from '../../../test/console-samples/money';
import { balanceOf, depositOf } from '../../../test/queue-support';
import { approveDeposit, rejectDeposit } from './review';
import { approveWithdrawal } from '../withdrawals/review';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let fin2: ConsoleAgent;
let risk: ConsoleAgent;
let admin: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  [fin, fin2, risk, admin] = [
    await c.signIn('finance'),
    await c.signIn('finance'),
    await c.signIn('risk'),
    await c.signIn('admin'),
  ];
}, 60_000);
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

interface Claim {
  id: number;
  claimed_by: string;
  claim_expires_at: string | null;
}
const refusal = (r: { status: number; body: { message: string } | null }) => [r.status, r.body?.message];
const rowOf = async (path: string, id: number) =>
  dataOf<{ rows: (Claim & { id: number })[] }>(
    await fin.get(path, { state: '1', pageSize: '200' }),
  ).rows.find((r) => r.id === id);

describe('claiming a deposit', () => {
  it('holds it for its holder: others may not claim, approve or reject it; the list shows who', async () => {
    const d = await pendingDeposit(t, 310);
    const claim = dataOf<Claim>(await fin.post('/api/deposits/claim', { id: d.id }));
    expect(claim).toMatchObject({ id: d.id, claimed_by: fin.name });
    expect(claim.claim_expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await rowOf('/api/deposits', d.id)).toMatchObject({ claimed_by: fin.name });

    const held = msgClaimedBy(fin.name);
    expect(refusal(await fin2.post('/api/deposits/claim', { id: d.id }))).toEqual([409, held]);
    expect(refusal(await fin2.post('/api/deposits/approve', { id: d.id }))).toEqual([409, held]);
    expect(refusal(await fin2.post('/api/deposits/reject', { id: d.id, reason: '未到账' }))).toEqual([
      409,
      held,
    ]);
    expect(refusal(await admin.post('/api/deposits/approve', { id: d.id }))).toEqual([409, held]);
    expect((await depositOf(t, d.id)).state).toBe(1);
    // Its holder claims again (renewed) and approves.
    dataOf(await fin.post('/api/deposits/claim', { id: d.id }));
    const before = await balanceOf(t, d.userId);
    dataOf(await fin.post('/api/deposits/approve', { id: d.id }));
    expect((await balanceOf(t, d.userId)) - before).toBe(31_000n);
    expect(refusal(await fin.post('/api/deposits/claim', { id: d.id }))).toEqual([409, MSG_CLAIM_REVIEWED]);
    expect(refusal(await fin.post('/api/deposits/claim', { id: 99_999_999 }))).toEqual([404, '订单不存在']);
  });

  it('lapses after QUEUE_CLAIM_MINUTES: then another operator may claim and review it', async () => {
    const d = await pendingDeposit(t, 311);
    dataOf(await fin.post('/api/deposits/claim', { id: d.id }));
    // Claimed a minute short of the limit ago (the sessions would lapse if the clock moved instead).
    const ago = async (minutes: number) =>
      t.db
        .update(deposits)
        .set({ claimedAt: new Date(now() - minutes * 60_000) })
        .where(eq(deposits.id, d.id));
    await ago(QUEUE_CLAIM_MINUTES - 1);
    expect((await fin2.post('/api/deposits/claim', { id: d.id })).status).toBe(409);
    await ago(QUEUE_CLAIM_MINUTES + 1);
    expect(await rowOf('/api/deposits', d.id)).toMatchObject({ claimed_by: '', claim_expires_at: null });
    expect(dataOf<Claim>(await fin2.post('/api/deposits/claim', { id: d.id })).claimed_by).toBe(fin2.name);
    dataOf(await fin2.post('/api/deposits/reject', { id: d.id, reason: '未到账' }));
  });

  it('is released by its holder or 超级管理员 only', async () => {
    const d = await pendingDeposit(t, 312);
    dataOf(await fin.post('/api/deposits/claim', { id: d.id }));
    expect(refusal(await fin2.post('/api/deposits/release', { id: d.id }))).toEqual([
      403,
      MSG_RELEASE_NOT_HOLDER,
    ]);
    expect(dataOf<Claim>(await fin.post('/api/deposits/release', { id: d.id }))).toEqual({
      id: d.id,
      claimed_by: '',
      claim_expires_at: null,
    });
    dataOf(await fin2.post('/api/deposits/claim', { id: d.id }));
    dataOf(await admin.post('/api/deposits/release', { id: d.id }));
    expect((await depositOf(t, d.id)).claimedBy).toBe('');
    // Releasing what nobody holds changes nothing.
    expect(dataOf<Claim>(await fin.post('/api/deposits/release', { id: d.id })).claimed_by).toBe('');
    dataOf(await fin.post('/api/deposits/reject', { id: d.id, reason: '未到账' }));
  });

  it('does not hold the command line (the machine owner) nor its holder in the services', async () => {
    const a = await pendingDeposit(t, 313);
    const b = await pendingDeposit(t, 314);
    for (const d of [a, b]) dataOf(await fin.post('/api/deposits/claim', { id: d.id }));
    const no = async (id: number) => (await depositOf(t, id)).depositNo;
    const other = { operatorId: fin2.id, name: fin2.name, ip: '' };
    expect(await approveDeposit(t.db, await no(a.id), other)).toEqual({
      ok: false,
      message: msgClaimedBy(fin.name),
    });
    expect(await rejectDeposit(t.db, await no(a.id), other, 'x')).toEqual({
      ok: false,
      message: msgClaimedBy(fin.name),
    });
    expect((await approveDeposit(t.db, await no(a.id), cliActor())).ok).toBe(true);
    expect((await rejectDeposit(t.db, await no(b.id), cliActor(), '未到账')).ok).toBe(true);
  });
});

describe('claiming a withdrawal', () => {
  it('holds it for its holder (财务 or 风控) against the other role too', async () => {
    const w = await pendingWithdrawal(t, { yuan: '150.00' });
    const claim = dataOf<Claim>(await risk.post('/api/withdrawals/claim', { id: w.id }));
    expect(claim.claimed_by).toBe(risk.name);
    expect(await rowOf('/api/withdrawals', w.id)).toMatchObject({ claimed_by: risk.name });
    const detail = dataOf<{ withdrawal: Claim }>(
      await fin.get('/api/withdrawals/detail', { id: String(w.id) }),
    );
    expect(detail.withdrawal.claimed_by).toBe(risk.name);

    const held = msgClaimedBy(risk.name);
    expect(refusal(await fin.post('/api/withdrawals/claim', { id: w.id }))).toEqual([409, held]);
    expect(refusal(await fin.post('/api/withdrawals/approve', { id: w.id }))).toEqual([409, held]);
    expect(refusal(await fin.post('/api/withdrawals/reject', { id: w.id, reason: '信息不符' }))).toEqual([
      409,
      held,
    ]);
    expect(refusal(await fin.post('/api/withdrawals/release', { id: w.id }))).toEqual([
      403,
      MSG_RELEASE_NOT_HOLDER,
    ]);
    dataOf(await risk.post('/api/withdrawals/release', { id: w.id }));
    dataOf(await fin.post('/api/withdrawals/claim', { id: w.id }));
    expect((await approveWithdrawal(t.db, w.id, cliActor())).ok).toBe(true);
    expect(refusal(await fin.post('/api/withdrawals/claim', { id: w.id }))).toEqual([
      409,
      MSG_CLAIM_REVIEWED,
    ]);
    expect(refusal(await fin.post('/api/withdrawals/claim', { id: 99_999_999 }))).toEqual([
      404,
      '提现订单不存在',
    ]);
  });
});

describe('two claims at once', () => {
  it('give one holder; the other is told who', async () => {
    const d = await pendingDeposit(t, 315);
    const w = await pendingWithdrawal(t, { yuan: '160.00' });
    for (const path of ['/api/deposits/claim', '/api/withdrawals/claim']) {
      const id = path.startsWith('/api/deposits') ? d.id : w.id;
      const replies = await Promise.all([fin.post(path, { id }), fin2.post(path, { id })]);
      const won = replies.filter((r) => r.status === 200);
      expect(won).toHaveLength(1);
      const holder = won[0] ? dataOf<Claim>(won[0]).claimed_by : '';
      expect([fin.name, fin2.name]).toContain(holder);
      const lost = replies.find((r) => r.status !== 200);
      expect(lost && refusal(lost)).toEqual([409, msgClaimedBy(holder)]);
    }
  });
});
