import { inviteStats } from '@app/contract/agents';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayStartOf, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { COMMANDS } from '../../ops/commands/all';
import { UsageError } from '../../ops/commands/format';
import { commandRequest } from '../../ops/commands/wire';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { maskName, MSG_AGENT_PENDING, MSG_ALREADY_AGENT } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  resetClock();
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('agents', () => {
  it('checks mobile and reason, one pending application, operator approval sets isagent', async () => {
    const m = await t.newMember();
    const apply = (body: Record<string, unknown>) => t.post('/api/applyagentdo', body, { token: m.token });
    expect((await apply({ mobile: '12345678901', apply_info: '想做代理' })).body?.message).toBe(
      '请输入正确手机号',
    );
    expect((await apply({ mobile: '13812345678', apply_info: '  ' })).body?.message).toBe('请输入申请理由');
    const ok = await apply({ mobile: '13812345678', apply_info: '我有很多朋友' });
    expect([ok.status, ok.body?.message]).toEqual([200, '提交成功，等待后台审核']);
    expect((await apply({ mobile: '13812345678', apply_info: '再来一次' })).body?.message).toBe(
      MSG_AGENT_PENDING,
    );

    const list = dataOf<{ applications: { username: string; mobile: string }[] }>(
      await t.op('/agents/applications'),
    );
    expect(list.applications.find((x) => x.username === m.name)?.mobile).toBe('13812345678');
    expect(dataOf(await t.op('/agents/approve', { username: m.name }))).toMatchObject({ isagent: 1 });
    const info = dataOf<{ isagent: number }>(await t.post('/api/user', undefined, { token: m.token }));
    expect(info.isagent).toBe(1);
    expect((await apply({ mobile: '13812345678', apply_info: '又一次' })).body?.message).toBe(
      MSG_ALREADY_AGENT,
    );
    expect((await t.op('/agents/approve', { username: m.name })).status).toBe(409);
    expect((await t.op('/agents/approve', { username: 'nobody000' })).status).toBe(404);
  });

  it('operator commands map to the operator API', () => {
    const cmd = (name: string) => COMMANDS.find((c) => c.name === name);
    const wire = (name: string, args: string[]) => {
      const found = cmd(name);
      if (!found) throw new Error(`no command ${name}`);
      return commandRequest(found, args);
    };
    expect(wire('agent:approve', ['alice1'])).toEqual({
      method: 'POST',
      path: '/ops/agents/approve',
      body: { username: 'alice1' },
    });
    expect(wire('activity:approve', ['12'])).toMatchObject({ body: { id: 12 } });
    expect(() => wire('activity:reject', ['x'])).toThrow(UsageError);
    expect(wire('activity:list', [])).toMatchObject({ query: { state: '1' } });
    expect(cmd('agent:list')?.print({ applications: [] }, '')).toContain('0 applications');
  });
});

describe('invitations', () => {
  it('registration keeps pid; inviteInfo counts the direct downline', async () => {
    const day = '2026-11-20';
    setClock(dayStartOf(day) + 10 * 3600_000);
    const boss = await t.newMember();
    const d1 = await t.newMember({ pid: boss.id });
    const d2 = await t.newMember({ pid: boss.id });
    await t.newMember(); // not in the downline
    const [row] = await t.db.select({ pid: users.pid }).from(users).where(eq(users.id, d1.id));
    expect(row?.pid).toBe(boss.id);
    await t.db.insert(validBets).values({
      userId: d1.id,
      platform: 'AG',
      category: 'realbet',
      stakeCents: 1000n,
      validCents: 1000n,
      createdAt: new Date(dayStartOf(day) + 11 * 3600_000),
      recordedAt: new Date(dayStartOf(day) + 11 * 3600_000),
    });
    await t.db.insert(deposits).values({
      depositNo: `INV${d1.id}`,
      userId: d1.id,
      payType: 'bank',
      amountCents: 50_000n,
      state: 2,
      createdAt: new Date(dayStartOf(day) + 11 * 3600_000),
      reviewedAt: new Date(dayStartOf(day) + 11 * 3600_000),
    });
    setClock(dayStartOf(day) + 12 * 3600_000);
    const info = dataOf<Record<string, unknown>>(await t.post('/api/inviteInfo', {}, { token: boss.token }));
    expect(info).toMatchObject({
      team_count: 2,
      month_new: 2,
      today_new: 2,
      month_active: 1,
      today_active: 1,
      valid_active: 1,
      valid_new: 1,
      month_recharge: '500.00',
      today_recharge: '500.00',
      invite_url: `${t.config.publicUrl}/#/login?type=1&pid=${boss.id}`,
      records: { data: [], total: 0 },
    });
    // 好友明细: the downline newest first, names masked, deposits and valid bets ever.
    const friends = (info.friends as { data: Record<string, string>[]; total: number }).data;
    expect(friends.map((f) => [f.username, f.deposits, f.bets])).toEqual([
      [maskName(d2.name), '0.00', '0.00'],
      [maskName(d1.name), '500.00', '10.00'],
    ]);
    expect(friends.every((f) => !f.username?.includes(d1.name))).toBe(true);
    const before = dataOf<{ friends: { total: number } }>(
      await t.post(
        '/api/inviteInfo',
        { start_date: '2026-11-01', end_date: '2026-11-19' },
        { token: boss.token },
      ),
    );
    expect(before.friends.total).toBe(0);
    const onDay = dataOf<{ friends: { total: number } }>(
      await t.post('/api/inviteInfo', { start_date: day, end_date: day }, { token: boss.token }),
    );
    expect(onDay.friends.total).toBe(2);
    // getVisitUrl (spec §7), the app's source of the link: the visit address with the member's pid.
    const visit = dataOf<{ url: string }>(await t.get('/api/getVisitUrl', {}, { token: boss.token }));
    expect(new URL(visit.url).searchParams.get('pid')).toBe(String(boss.id));
    const lonely = dataOf<Record<string, unknown>>(await t.post('/api/inviteInfo', {}, { token: d2.token }));
    expect(lonely).toMatchObject({ team_count: 0, month_recharge: '0.00' });
    expect(
      (
        await t.post(
          '/api/inviteInfo',
          { start_date: '2026-11-20', end_date: '2026-11-01' },
          { token: boss.token },
        )
      ).status,
    ).toBe(400);
  });

  it('inviteInfo answers the referral bonus on offer: none configured or paid, so bonus_rule null', async () => {
    const m = await t.newMember();
    const reply = await t.post('/api/inviteInfo', {}, { token: m.token });
    const info = dataOf<Record<string, unknown>>(reply);
    // Present, and null: the app shows no figures rather than promise a bonus nothing pays.
    expect(info).toHaveProperty('bonus_rule', null);
    expect(inviteStats.response.parse(info).bonusRule).toBeNull();
  });
});
