import {
  MEMBER_READS_PER_15_MIN,
  MSG_MEMBER_READS_TOO_MANY,
  type MemberDetail,
  type MemberRow,
} from '@app/contract/console-members';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleSuite, type ConsoleAgent } from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';
import { users } from '../../db/schema/accounts';
import { cards } from '../../db/schema/money';
import { auditLog, memberLogins } from '../../db/schema/operators';
import { rebates, vipChanges } from '../../db/schema/promo';
import { recordValidBet } from '../wallet/turnover';

const suite = consoleSuite('support');

type Page<T> = { total: number; items: T[] };
const search = async (q: string) => dataOf<Page<MemberRow>>(await suite.operator.get('/api/members', { q }));
const ids = (p: Page<MemberRow>) => p.items.map((r) => r.id);
const list = async <T>(path: string, id: number, page = 1, pageSize = 20) =>
  dataOf<Page<T>>(
    await suite.operator.get(`/api/members/${path}`, {
      id: String(id),
      page: String(page),
      pageSize: String(pageSize),
    }),
  );

describe('member search', () => {
  it('finds by name prefix in any case, id, mobile, card number, USDT address and sign-in address', async () => {
    const m = await suite.t.newMember();
    const other = await suite.t.newMember();
    await suite.t.db.update(users).set({ mobile: '13912345678', realname: '张三' }).where(eq(users.id, m.id));
    await suite.t.db.insert(cards).values([
      { userId: m.id, type: 1, bank: '工商银行', owner: '张三', bankNo: '6222020200112233' },
      { userId: m.id, type: 2, bank: 'USDT', owner: 'TRC20', bankNo: 'TXyzAbc123456789012345678901234567' },
    ]);
    await suite.t.post(
      '/api/login_pc',
      { name: m.name, password: m.password },
      { remoteAddress: '10.9.8.7' },
    );

    expect(ids(await search(m.name.slice(0, 8).toUpperCase()))).toContain(m.id);
    expect(ids(await search(m.name.slice(0, 8).toUpperCase()))).not.toContain(other.id);
    expect(ids(await search(String(m.id)))).toEqual([m.id]);
    expect(ids(await search('13912345678'))).toEqual([m.id]);
    expect(ids(await search('6222 0202 0011 2233'))).toEqual([m.id]);
    expect(ids(await search('txyzabc123456789012345678901234567'))).toEqual([m.id]);
    expect(ids(await search('10.9.8.7'))).toEqual([m.id]);
    // A wildcard is a character, not a pattern.
    expect((await search('%')).total).toBe(0);
    expect((await search('nobody-like-this')).items).toEqual([]);
  });

  it('finds by real name, exact or by its beginning, never by its middle', async () => {
    const a = await suite.t.newMember();
    const b = await suite.t.newMember();
    const family = `慕容${process.pid % 10000}${Date.now() % 100000}`;
    await suite.t.db
      .update(users)
      .set({ realname: `${family}甲` })
      .where(eq(users.id, a.id));
    await suite.t.db
      .update(users)
      .set({ realname: `${family}乙` })
      .where(eq(users.id, b.id));

    const exact = await search(`${family}甲`);
    expect(ids(exact)).toEqual([a.id]);
    expect(exact.items[0]).toMatchObject({ name: a.name, realname: `${family}甲` });
    expect(ids(await search(` ${family} `))).toEqual([b.id, a.id]);
    const second = dataOf<Page<MemberRow>>(
      await suite.operator.get('/api/members', { q: family, page: '2', pageSize: '1' }),
    );
    expect(second).toMatchObject({ total: 2, items: [{ id: a.id }] });
    expect(ids(await search(family.slice(2)))).toEqual([]);
    expect((await search(`${family}丙`)).total).toBe(0);
  });

  it('pages every member newest first with the central balance and the tags', async () => {
    const m = await suite.t.newMember();
    await suite.t.fund(m.id, '123.45');
    await suite.t.db.update(users).set({ isagent: 1, blocked: true }).where(eq(users.id, m.id));
    const first = await search('');
    expect(first.total).toBeGreaterThan(2);
    expect(first.items[0]).toMatchObject({
      id: m.id,
      name: m.name,
      balance: '123.45',
      isagent: true,
      blocked: true,
      is_trial: false,
      vip_level: 1,
    });
    const second = dataOf<Page<MemberRow>>(
      await suite.operator.get('/api/members', { page: '2', pageSize: '1' }),
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.id).not.toBe(m.id);
    expect(ids(await search('guest888'))).toHaveLength(1);
    expect((await search('guest888')).items[0]?.is_trial).toBe(true);
    expect((await suite.operator.get('/api/members', { pageSize: '201' })).status).toBe(400);
  });
});

describe('member page', () => {
  it('shows the profile, every wallet with Chinese venue names, cards and VIP changes', async () => {
    const ref = await suite.t.newMember();
    const m = await suite.t.newMember({ pid: ref.id });
    await suite.t.fund(m.id, '50.00');
    await suite.t.db
      .insert(cards)
      .values({ userId: m.id, type: 1, bank: '建设银行', owner: '李四', bankNo: '6217000011112222' });
    await suite.t.db
      .insert(vipChanges)
      .values({ userId: m.id, day: '2026-01-10', fromLevel: 1, toLevel: 2, createdAt: new Date() });
    const d = dataOf<MemberDetail>(await suite.operator.get('/api/members/detail', { id: String(m.id) }));
    expect(d).toMatchObject({
      id: m.id,
      name: m.name,
      referrer: { id: ref.id, name: ref.name },
      blocked: false,
    });
    expect(d.wallets[0]).toEqual({ venue: 'central', name: '中心钱包', balance: '50.00' });
    expect(d.wallets.length).toBeGreaterThan(3);
    expect(d.wallets.slice(1).every((w) => /[\u4e00-\u9fff]/.test(w.name) && w.balance === '0.00')).toBe(
      true,
    );
    // 客服 reads the card masked (the next case: who reads it in full).
    expect(d.cards).toEqual([
      expect.objectContaining({ kind: 'bank', bank: '建设银行', number: '****2222' }),
    ]);
    expect(d.vip_changes).toEqual([expect.objectContaining({ day: '2026-01-10', from: 1, to: 2 })]);
    expect(d.turnover_required).toBe('0.00');
    expect((await suite.operator.get('/api/members/detail', { id: '999999' })).status).toBe(404);
  });

  it('masks the mobile and card numbers for 客服 and 运营, shows them to 财务 and 超级管理员, and audits every read', async () => {
    const m = await suite.t.newMember();
    await suite.t.db.update(users).set({ mobile: '13812348000' }).where(eq(users.id, m.id));
    await suite.t.db.insert(cards).values([
      { userId: m.id, type: 1, bank: '工商银行', owner: '王五', bankNo: '6222020012345678' },
      { userId: m.id, type: 2, bank: 'TRC20', owner: 'TRC20', bankNo: 'TXYZabcdefghijklmnopqrstuvw1234' },
    ]);
    const read = async (agent: ConsoleAgent) =>
      dataOf<MemberDetail>(await agent.get('/api/members/detail', { id: String(m.id) }));
    for (const agent of [suite.operator, await suite.c.signIn('content')]) {
      const d = await read(agent);
      expect([d.mobile, d.cards.map((x) => x.number), d.contact_masked]).toEqual([
        '138****8000',
        ['****5678', '****1234'],
        true,
      ]);
    }
    for (const agent of [await suite.c.signIn('finance'), await suite.c.signIn('admin')]) {
      const d = await read(agent);
      expect([d.mobile, d.cards.map((x) => x.number), d.contact_masked]).toEqual([
        '13812348000',
        ['6222020012345678', 'TXYZabcdefghijklmnopqrstuvw1234'],
        false,
      ]);
    }
    const reads = await suite.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.read'), eq(auditLog.targetId, String(m.id))));
    expect(reads.map((r) => (r.after as { contact: string }).contact)).toEqual([
      'masked',
      'masked',
      'full',
      'full',
    ]);
  });

  it('refuses an operator opening more than MEMBER_READS_PER_15_MIN member pages in 15 minutes', async () => {
    const m = await suite.t.newMember();
    const reader = await suite.c.signIn('support');
    for (let i = 0; i < MEMBER_READS_PER_15_MIN; i += 1) {
      expect((await reader.get('/api/members/detail', { id: String(m.id) })).status).toBe(200);
    }
    const over = await reader.get('/api/members/detail', { id: String(m.id) });
    expect([over.status, over.body?.message]).toEqual([429, MSG_MEMBER_READS_TOO_MANY]);
    // Another operator is not held back by this one.
    expect((await suite.operator.get('/api/members/detail', { id: String(m.id) })).status).toBe(200);
  });

  it('lists ledger entries, bets, rebates and sign-ins, paged, newest first', async () => {
    const m = await suite.t.newMember();
    await suite.t.fund(m.id, '10.00');
    await suite.t.fund(m.id, '20.00');
    await suite.t.db
      .insert(memberLogins)
      .values({ userId: m.id, ip: '10.1.1.1', userAgent: 'UA', at: new Date() });
    const sharer = await suite.t.newMember();
    await suite.t.db
      .insert(memberLogins)
      .values({ userId: sharer.id, ip: '10.1.1.1', userAgent: 'UA', at: new Date() });
    await recordValidBet(suite.t.db, m.id, {
      platform: 'lottery',
      category: 'lottery',
      stakeCents: 500n,
      validCents: 400n,
    });
    await suite.t.db.insert(rebates).values({
      userId: m.id,
      category: 'sport',
      day: '2026-01-09',
      validCents: 10000n,
      rateBasisPoints: 80,
      amountCents: 80n,
      vipLevel: 1,
      createdAt: new Date(),
    });

    const ledger = await list<{ amount: string; reason_label: string; wallet: string }>('ledger', m.id, 1, 1);
    expect(ledger.total).toBe(2);
    expect(ledger.items).toEqual([
      expect.objectContaining({ amount: '20.00', reason_label: '人工调整', wallet: '中心钱包' }),
    ]);
    expect((await list<{ amount: string }>('ledger', m.id, 2, 1)).items[0]?.amount).toBe('10.00');

    const bets = await list<{ valid: string; category: string; venue: string }>('valid-bets', m.id);
    expect(bets.items).toEqual([expect.objectContaining({ valid: '4.00', category: '彩票', venue: '彩票' })]);
    const rebateList = await list<{ rate: string; category: string; state_label: string }>('rebates', m.id);
    expect(rebateList.items).toEqual([
      expect.objectContaining({ rate: '0.80%', category: '体育', state_label: '待领取' }),
    ]);

    const logins = await list<{ ip: string; shared_with: number }>('logins', m.id);
    expect(logins.total).toBe(2); // registration's sign-in and the one above
    expect(logins.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ ip: '10.1.1.1', shared_with: 1 })]),
    );

    for (const path of ['deposits', 'withdrawals', 'lottery-orders']) {
      expect(await list(path, m.id)).toEqual({ total: 0, items: [] });
    }
    expect((await suite.operator.get('/api/members/ledger', { id: '999999' })).status).toBe(404);
  });

  it('records every sign-in with its address and user agent (login, registration, trial)', async () => {
    const m = await suite.t.newMember();
    await suite.t.post(
      '/api/login_pc',
      { name: m.name, password: m.password },
      { remoteAddress: '10.2.3.4', headers: { 'user-agent': `Phone ${'x'.repeat(400)}` } },
    );
    const rows = await suite.t.db.select().from(memberLogins).where(eq(memberLogins.userId, m.id));
    expect(rows).toHaveLength(2);
    const login = rows.find((r) => r.ip === '10.2.3.4');
    expect(login?.userAgent).toHaveLength(300);
    await suite.t.post('/api/login_pc', { name: m.name, password: 'wrong-one' });
    expect(await suite.t.db.select().from(memberLogins).where(eq(memberLogins.userId, m.id))).toHaveLength(2);

    const [guest] = await suite.t.db.select().from(users).where(eq(users.username, 'guest888'));
    await suite.t.login('guest888', 'guest888');
    const guestRows = await suite.t.db
      .select()
      .from(memberLogins)
      .where(eq(memberLogins.userId, guest?.id ?? 0));
    expect(guestRows.length).toBeGreaterThanOrEqual(1);
  });
});
