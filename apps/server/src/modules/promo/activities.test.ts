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
    // An activity paid without an application (the rebates') offers none; one with a bonus rule does.
    const applicable = async (title: string) => {
      const id = all.find((a) => a.title.includes(title))?.id;
      return dataOf<{ applicable: boolean }>(await t.post('/api/activitydeatil', { id })).applicable;
    };
    expect(await applicable('返水')).toBe(false);
    expect(await applicable('首存')).toBe(true);
  });

  it('one pending application per member and activity; the log pages them with states; operator review', async () => {
    // 周末救援金: 2 % of last weekend's net loss on bets, counted by the server. Saturday 2026-11-14
    // (Beijing) the two members lose 1,000.00 each on bets a venue reports; on Friday the 20th they apply.
    setClock(Date.UTC(2026, 10, 14, 4));
    const m = await t.newMember();
    const other = await t.newMember();
    const loser = await t.newMember();
    for (const who of [m, other]) {
      dataOf(await t.op('/bets/record', { username: who.name, platform: 'AG', amount: '1000' }));
    }
    dataOf(await t.op('/bets/record', { username: loser.name, platform: 'AG', amount: '499.99' }));
    setClock(Date.UTC(2026, 10, 20, 4));
    const all = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist')).data;
    const rescue = all.find((a) => a.title === '周末救援金');
    expect((await t.post('/api/doactivityapply', { activityid: rescue?.id })).status).toBe(401);
    const small = await t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: loser.token });
    expect([small.status, small.body?.message]).toEqual([
      400,
      '上周末投注净亏损未达到 500.00 元，暂不能申请',
    ]);
    const ok = await t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: m.token });
    expect([ok.status, ok.body?.message]).toEqual([200, '提交成功，等待后台审核']);
    const again = await t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: m.token });
    expect([again.status, again.body?.message]).toEqual([400, '您已提交申请，请等待审核']);
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: other.token })),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    const gone = await t.post('/api/doactivityapply', { activityid: 999_999 }, { token: m.token });
    expect(gone.body?.message).toBe('活动不存在');

    type Log = {
      data: { id: number; activity_name: string; state: number; money?: string }[];
      total: number;
    };
    const log = dataOf<Log>(await t.post('/api/activityApplyLog', { page: 1 }, { token: m.token }));
    expect(log.total).toBe(1);
    expect(log.data.map((x) => [x.state, x.money])).toEqual([[1, '']]);

    const mine = log.data[0];
    const pending = dataOf<{ applications: { id: number }[] }>(await t.op('/activities/applications'));
    expect(pending.applications.map((x) => x.id)).toContain(mine?.id);
    // The rule's figure: 2 % of 1,000.00, with 20 × itself of turnover; no more may be named.
    const over = await t.op('/activities/approve', { id: mine?.id, amount: '25.00' });
    expect([over.status, over.body?.message]).toEqual([400, '按活动规则该会员的彩金最多 20.00 元']);
    expect(dataOf(await t.op('/activities/approve', { id: mine?.id }))).toMatchObject({
      bonus: '20.00',
      turnover: '400.00',
    });
    const twice = await t.op('/activities/reject', { id: mine?.id });
    expect(twice.status).toBe(409);
    expect(twice.body?.message).toMatch(/^该申请已由 命令行 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 通过$/);
    const theirs = dataOf<{ applications: { id: number; username: string }[] }>(
      await t.op('/activities/applications'),
    ).applications.find((x) => x.username === other.name);
    dataOf(await t.op('/activities/reject', { id: theirs?.id }));
    expect((await t.op('/activities/approve', { id: 999_999 })).status).toBe(404);
    const states = dataOf<Log>(await t.post('/api/activityApplyLog', {}, { token: m.token }));
    expect(states.data.map((x) => [x.state, x.money])).toEqual([[2, '20.00']]);
    // Paid once a weekend: no second application; after a rejection a new one may be made.
    const paidAgain = await t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: m.token });
    expect([paidAgain.status, paidAgain.body?.message]).toEqual([
      400,
      '您已领取过上周末的救援金，每个周末限领取一次',
    ]);
    expect(
      (await t.post('/api/doactivityapply', { activityid: rescue?.id }, { token: other.token })).status,
    ).toBe(200);
  });

  it('activities paid by their own job take no applications', async () => {
    const m = await t.newMember();
    const all = dataOf<{ data: Activity[] }>(await t.post('/api/activitylist')).data;
    for (const title of ['VIP 尊享每日返水', '每日红包雨']) {
      const a = all.find((x) => x.title === title);
      const r = await t.post('/api/doactivityapply', { activityid: a?.id }, { token: m.token });
      expect([r.status, r.body?.message]).toEqual([400, '该活动无需申请，系统自动发放']);
    }
  });
});
