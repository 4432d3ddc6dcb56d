import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { COMMANDS } from '../../ops/commands';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { MSG_AGENT_PENDING, MSG_ALREADY_AGENT } from './agents';
import { dayStartOf } from './shared';

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

type Activity = { id: number; banner: string; title: string; type: number | null };

describe('activities', () => {
  it('types, list by type (0, "" or missing = all) and detail, for visitors too', async () => {
    const types = dataOf<{ id: number; name: string }[]>(await t.post('/api/activitytype'));
    expect(types.map((x) => x.name)).toEqual(['限时活动', '新人首存', '日常活动']);
    const all = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist')).data;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((a) => a.banner.startsWith('/assets-seed/'))).toBe(true);
    for (const type of [0, '', '0']) {
      expect(dataOf<{ data: Activity[] }>(await t.post('/api/activitylist', { type })).data).toHaveLength(
        all.length,
      );
    }
    const daily = types.find((x) => x.name === '日常活动');
    const some = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist', { type: daily?.id })).data;
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    expect(some.every((a) => a.type === daily?.id)).toBe(true);

    const first = all[0];
    const detail = dataOf<{ title: string; content: string; memo: string }>(
      await t.post('/api/activitydeatil', { id: first?.id }),
    );
    expect(detail.title).toBe(first?.title);
    expect(detail.content).toContain('<');
    const missing = await t.post('/api/activitydeatil', { id: 999_999 });
    expect([missing.status, missing.body?.message]).toEqual([404, '活动不存在']);
  });

  it('one pending application per member and activity; the log pages them with states; operator review', async () => {
    setClock(Date.UTC(2026, 10, 20, 4));
    const m = await t.newMember();
    const [a1, a2] = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist')).data;
    expect((await t.post('/api/doactivityapply', { activityid: a1?.id })).status).toBe(401);
    const ok = await t.post('/api/doactivityapply', { activityid: a1?.id }, { token: m.token });
    expect([ok.status, ok.body?.message]).toEqual([200, '提交成功，等待后台审核']);
    const again = await t.post('/api/doactivityapply', { activityid: a1?.id }, { token: m.token });
    expect([again.status, again.body?.message]).toEqual([400, '您已提交申请，请等待审核']);
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.post('/api/doactivityapply', { activityid: a2?.id }, { token: m.token })),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    const gone = await t.post('/api/doactivityapply', { activityid: 999_999 }, { token: m.token });
    expect(gone.body?.message).toBe('活动不存在');

    type Log = { data: { id: number; activity_name: string; state: number }[]; total: number };
    const log = dataOf<Log>(await t.post('/api/activityApplyLog', { page: 1 }, { token: m.token }));
    expect(log.total).toBe(2);
    expect(log.data.map((x) => x.state)).toEqual([1, 1]);

    const mine = log.data.find((x) => x.activity_name === a1?.title);
    const pending = dataOf<{ applications: { id: number }[] }>(await t.op('/activities/applications'));
    expect(pending.applications.map((x) => x.id)).toContain(mine?.id);
    dataOf(await t.op('/activities/approve', { id: mine?.id }));
    const twice = await t.op('/activities/reject', { id: mine?.id });
    expect([twice.status, twice.body?.message]).toEqual([409, '该申请已通过']);
    const other = log.data.find((x) => x.activity_name === a2?.title);
    dataOf(await t.op('/activities/reject', { id: other?.id }));
    expect((await t.op('/activities/approve', { id: 999_999 })).status).toBe(404);
    const states = dataOf<Log>(await t.post('/api/activityApplyLog', {}, { token: m.token }));
    expect(states.data.map((x) => x.state).sort()).toEqual([2, 3]);
    // Once reviewed, a new application may be made.
    expect((await t.post('/api/doactivityapply', { activityid: a1?.id }, { token: m.token })).status).toBe(
      200,
    );
  });
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
    expect(cmd('agent:approve')?.request(['alice1'])).toEqual({
      method: 'POST',
      path: '/agents/approve',
      body: { username: 'alice1' },
    });
    expect(cmd('activity:approve')?.request(['12'])).toMatchObject({ body: { id: 12 } });
    expect(() => cmd('activity:reject')?.request(['x'])).toThrow();
    expect(cmd('activity:list')?.request([])).toMatchObject({ query: { state: '1' } });
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
});
