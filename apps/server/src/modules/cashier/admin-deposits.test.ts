/* The console's deposit queue: filters and paging, approve (credits once), reject with a reason, the
 * refusal of an item already reviewed (who and when), the audit rows, and the voucher route. */
import { MSG_REVIEW_REASON } from '@app/contract/console-define';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock } from '../../core/clock';
import { writeUploadFile } from '../../core/uploads';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/operators';
import { deposits, ledgerEntries } from '../../db/schema/money';
import { wallets } from '../../db/schema/wallets';
import { centralWalletId } from '../wallet/ledger';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingDeposit } from '../../../test/console-samples/money';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let fin2: ConsoleAgent;
let support: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  fin2 = await c.signIn('finance');
  support = await c.signIn('support');
}, 60_000);
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

interface Row {
  id: number;
  deposit_no: string;
  username: string;
  state: number;
  amount: string;
  reviewed_by: string;
  reviewed_at: string | null;
  review_note: string;
  voucher_url: string;
  realname: string;
}
const list = async (query: Record<string, string>) =>
  dataOf<{ rows: Row[]; total: number; newest_pending_id: number }>(await fin.get('/api/deposits', query));
const balanceOf = async (userId: number) => {
  const id = await centralWalletId(t.db, userId);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.id, id));
  return w?.balanceCents;
};
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'deposit'), eq(auditLog.targetId, String(id))));
const REVIEWED = (name: string, verb: string) =>
  new RegExp(`^该存款已由 ${name} 于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${verb}$`);

describe('deposit queue', () => {
  it('filters by state (pending by default), pages, and shows who reviewed what', async () => {
    const a = await pendingDeposit(t, 301);
    const b = await pendingDeposit(t, 302);
    const d = await pendingDeposit(t, 303);
    dataOf(await fin.post('/api/deposits/approve', { id: a.id }));
    dataOf(await fin.post('/api/deposits/reject', { id: b.id, reason: '未收到款项' }));

    const pending = await list({});
    expect(pending.rows.every((r) => r.state === 1)).toBe(true);
    expect(pending.rows.map((r) => r.id)).toContain(d.id);
    expect(pending.rows.map((r) => r.id)).not.toContain(a.id);
    const approved = await list({ state: '2' });
    expect(approved.rows.find((r) => r.id === a.id)).toMatchObject({
      state: 2,
      amount: '301.00',
      reviewed_by: fin.name,
      review_note: '',
    });
    const rejected = await list({ state: '3' });
    expect(rejected.rows.find((r) => r.id === b.id)).toMatchObject({
      reviewed_by: fin.name,
      review_note: '未收到款项',
    });
    expect(rejected.rows.find((r) => r.id === b.id)?.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const all = await list({ state: '0', pageSize: '200' });
    expect(all.total).toBe(pending.total + approved.total + rejected.total);
    const ids = all.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id, d.id]));

    const first = await list({ state: '0', page: '1', pageSize: '2' });
    const second = await list({ state: '0', page: '2', pageSize: '2' });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    expect(second.rows[0]?.id).toBe(all.rows[2]?.id);
    expect((await fin.get('/api/deposits', { state: '4' })).status).toBe(400);
    expect((await fin.get('/api/deposits', { pageSize: '201' })).status).toBe(400);
  });

  it('filters by member name, real name, order number, method, amount and Beijing day', async () => {
    const a = await pendingDeposit(t, 411);
    const b = await pendingDeposit(t, 412);
    await t.db.update(users).set({ realname: '欧阳测试' }).where(eq(users.id, a.userId));
    // 2026-03-02 00:30 Beijing time.
    const at = new Date('2026-03-01T16:30:00Z');
    await t.db.update(deposits).set({ payType: 'bank', createdAt: at }).where(eq(deposits.id, b.id));
    const [da] = await t.db.select().from(deposits).where(eq(deposits.id, a.id));
    const [ua] = await t.db.select().from(users).where(eq(users.id, a.userId));
    const ids = async (q: Record<string, string>) =>
      (await list({ state: '0', pageSize: '200', ...q })).rows.map((r) => r.id);

    expect(await ids({ username: ua?.username.toUpperCase() ?? '' })).toEqual([a.id]);
    expect(await ids({ realname: '欧阳' })).toEqual([a.id]);
    expect((await list({ realname: '欧阳测试' })).rows[0]).toMatchObject({ id: a.id, realname: '欧阳测试' });
    expect(await ids({ realname: '测试' })).toEqual([]);
    expect(await ids({ order_no: da?.depositNo ?? '' })).toEqual([a.id]);
    expect(await ids({ method: 'bank', min_amount: '412', max_amount: '412.00' })).toEqual([b.id]);
    expect(await ids({ method: 'alipay', min_amount: '412', max_amount: '412' })).toEqual([]);
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([b.id]);
    expect(await ids({ from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
    expect(await ids({ from: '2026-03-03', min_amount: '412', max_amount: '412' })).not.toContain(b.id);
    // The newest pending id ignores the filters: the console beeps on any new deposit.
    const all = await list({});
    expect(all.newest_pending_id).toBeGreaterThanOrEqual(b.id);
    expect((await list({ username: 'nobody-at-all' })).newest_pending_id).toBe(all.newest_pending_id);
  });

  it('refuses filters it cannot read, in Chinese', async () => {
    const refused = async (q: Record<string, string>) => {
      const r = await fin.get('/api/deposits', q);
      expect(r.status).toBe(400);
      return r.body?.message;
    };
    expect(await refused({ method: 'cash' })).toBe('请选择正确的存款方式');
    expect(await refused({ min_amount: 'abc' })).toBe('请输入正确的金额');
    expect(await refused({ min_amount: '5', max_amount: '1' })).toBe('最低金额不能大于最高金额');
    expect(await refused({ from: '2026-02-30' })).toBe('请选择正确的日期');
    expect(await refused({ from: '2026-03-02', to: '2026-03-01' })).toBe('开始日期不能晚于结束日期');
    expect(await refused({ username: 'x'.repeat(41) })).toBe('搜索内容最多40个字');
  });

  it('approve credits the balance once and writes one audit row; a second approval is refused naming who and when', async () => {
    const d = await pendingDeposit(t, 450);
    expect(await balanceOf(d.userId)).toBe(0n);
    const ok = await fin.post('/api/deposits/approve', { id: d.id });
    expect(dataOf(ok)).toMatchObject({ id: d.id, amount: '450.00', state: 2 });
    expect(await balanceOf(d.userId)).toBe(45_000n);
    const again = await fin2.post('/api/deposits/approve', { id: d.id });
    expect(again.status).toBe(409);
    expect(again.body?.message).toMatch(REVIEWED(fin.name, '通过'));
    const rejectLate = await fin2.post('/api/deposits/reject', { id: d.id, reason: '重复' });
    expect(rejectLate.body?.message).toMatch(REVIEWED(fin.name, '通过'));
    expect(await balanceOf(d.userId)).toBe(45_000n);

    const rows = await auditOf(d.id);
    expect(rows).toHaveLength(1);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, d.id));
    expect(rows[0]).toMatchObject({
      operatorId: fin.id,
      operatorName: fin.name,
      action: 'deposit.approve',
      before: { state: 1, amount: '450.00', reviewed_by: '', note: '', order_no: row?.depositNo },
      after: { state: 2, amount: '450.00', reviewed_by: fin.name, note: '', order_no: row?.depositNo },
    });
  });

  it('reject needs a reason (1–200 characters), credits nothing and records the reason', async () => {
    const d = await pendingDeposit(t, 320);
    for (const reason of [undefined, '', '   ']) {
      const r = await fin.post('/api/deposits/reject', { id: d.id, reason });
      expect([r.status, r.body?.message], String(reason)).toEqual([400, MSG_REVIEW_REASON]);
    }
    const long = await fin.post('/api/deposits/reject', { id: d.id, reason: '长'.repeat(201) });
    expect([long.status, long.body?.message]).toEqual([400, '原因最多200个字']);
    dataOf(await fin.post('/api/deposits/reject', { id: d.id, reason: '  凭证不清晰 ' }));
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, d.id));
    expect([row?.state, row?.reviewedBy, row?.reviewNote]).toEqual([3, fin.name, '凭证不清晰']);
    expect(await balanceOf(d.userId)).toBe(0n);
    const late = await fin2.post('/api/deposits/approve', { id: d.id });
    expect([late.status, late.body?.message]).toEqual([
      409,
      expect.stringMatching(REVIEWED(fin.name, '拒绝')),
    ]);
    const audits = await auditOf(d.id);
    expect(audits.map((a) => [a.action, (a.after as { note: string }).note])).toEqual([
      ['deposit.reject', '凭证不清晰'],
    ]);
  });

  it('a missing deposit is 404, an overdue one cannot be approved, and 客服 is refused', async () => {
    expect((await fin.post('/api/deposits/approve', { id: 2_000_000_000 })).status).toBe(404);
    const d = await pendingDeposit(t, 330);
    expect((await support.post('/api/deposits/approve', { id: d.id })).status).toBe(403);
    expect((await support.get('/api/deposits')).status).toBe(403);
    await t.db
      .update(deposits)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(deposits.id, d.id));
    const late = await fin.post('/api/deposits/approve', { id: d.id });
    expect([late.status, late.body?.message]).toEqual([409, '订单已超过60分钟，不能再通过']);
    expect(await auditOf(d.id)).toHaveLength(0);
  });

  it('two operators approving at once: one credit, one ledger movement, the other told who', async () => {
    for (let round = 0; round < 3; round += 1) {
      const d = await pendingDeposit(t, 500);
      const replies = await Promise.all([
        fin.post('/api/deposits/approve', { id: d.id }),
        fin2.post('/api/deposits/approve', { id: d.id }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies[0]?.status === 200 ? fin : fin2;
      const loser = replies.find((r) => r.status === 409);
      expect(loser?.body?.message).toMatch(REVIEWED(winner.name, '通过'));
      expect(await balanceOf(d.userId)).toBe(50_000n);
      const [row] = await t.db.select().from(deposits).where(eq(deposits.id, d.id));
      const legs = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, row?.depositNo ?? ''));
      expect(legs).toHaveLength(2);
      expect(await auditOf(d.id)).toHaveLength(1);
    }
    const d = await pendingDeposit(t, 510);
    const mixed = await Promise.all([
      fin.post('/api/deposits/approve', { id: d.id }),
      fin2.post('/api/deposits/reject', { id: d.id, reason: '可疑' }),
    ]);
    expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, d.id));
    expect(await balanceOf(d.userId)).toBe(row?.state === 2 ? 51_000n : 0n);
    expect(await auditOf(d.id)).toHaveLength(1);
  });
});

describe('voucher images', () => {
  const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(24, 7)]);
  const NAME = 'ab'.repeat(16) + '.png';

  it('serves a deposit voucher to 财务 only, by stored name only', async () => {
    const d = await pendingDeposit(t, 340);
    await writeUploadFile(t.config.dataDir, NAME, PNG);
    await t.db
      .update(deposits)
      .set({ voucher: `/uploads/${NAME}` })
      .where(eq(deposits.id, d.id));
    const row = (await list({ pageSize: '200' })).rows.find((r) => r.id === d.id);
    expect(row?.voucher_url).toBe(`/api/uploads/${NAME}`);

    const ok = await fin.get(`/api/uploads/${NAME}`);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const raw = await c.app.inject({
      method: 'GET',
      url: `/api/uploads/${NAME}`,
      headers: { cookie: `console_sid=${fin.cookie}` },
    });
    expect(raw.rawPayload.equals(PNG)).toBe(true);

    const refused = await support.get(`/api/uploads/${NAME}`);
    expect(refused.status).toBe(403);
    expect((await c.send('GET', `/api/uploads/${NAME}`)).status).toBe(401);
    for (const bad of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fuploads%2F' + NAME,
      'avatars%2F' + NAME,
      '%2E%2E%2F' + NAME,
      'x.svg',
      NAME + '%00.png',
    ]) {
      const r = await fin.get(`/api/uploads/${bad}`);
      expect(r.status, bad).toBe(400);
    }
    const traversal = await fin.get('/api/uploads/../../../etc/passwd');
    // The router resolves the dots before routing: that is another path (the console's page), no file.
    expect(String(traversal.headers['content-type'])).not.toMatch(/^image\//);
    expect(traversal.text).not.toContain('root:');
    // A stored name no deposit refers to, and a referred one whose file is gone: 404.
    expect((await fin.get(`/api/uploads/${'cd'.repeat(16)}.png`)).status).toBe(404);
    const gone = 'ef'.repeat(16) + '.jpg';
    await t.db
      .update(deposits)
      .set({ voucher: `/uploads/${gone}` })
      .where(eq(deposits.id, d.id));
    expect((await fin.get(`/api/uploads/${gone}`)).status).toBe(404);
  });
});
