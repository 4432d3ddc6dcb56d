import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../core/clock';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';

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
