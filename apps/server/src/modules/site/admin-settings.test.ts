import {
  MSG_BAND_AMOUNT,
  MSG_BAND_CLAIMS,
  MSG_BAND_MIN_ABOVE_MAX,
  MSG_BAND_PAYS_TOO_MUCH,
  MSG_BANDS_EMPTY,
  MSG_BANDS_OVERLAP,
  MSG_BANDS_TOO_MANY,
  MSG_H5_URL_ABSOLUTE,
  MSG_REPAIR_TIPS_LONG,
  msgAddressInvalid,
  msgAddressMissing,
  REPAIR_TIPS_MAX,
} from '@app/contract/console-site';
import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { MSG_RED_PACKET_OFF } from '@app/contract/promo';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { resetClock, setClock } from '../../core/clock';
import { auditLog } from '../../db/schema/operators';
import { redPacketClaims } from '../../db/schema/promo';

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
let support: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
  support = await c.signIn('support');
}, 60_000);
afterAll(async () => {
  resetClock();
  await c.close();
  await t.close();
});

const lastAudit = async (action: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
const appInfo = async () =>
  dataOf<{ site_state: number; repair_tips: string; h5_url: string; redpacket_switch: number }>(
    await t.post('/api/app', {}),
  );
const refusal = (r: { status: number; body: { message?: string } | null }) => [r.status, r.body?.message];

describe('maintenance', () => {
  it('on with a message: the member app is told at its next call; off brings it back; audited', async () => {
    const on = await content.post('/api/site/maintenance', {
      on: true,
      repair_tips: ' 系统升级，预计 30 分钟 ',
    });
    expect(dataOf(on)).toMatchObject({ maintenance: true, repair_tips: '系统升级，预计 30 分钟' });
    expect(on.body?.message).toContain('已开启维护');
    expect(await appInfo()).toMatchObject({ site_state: 0, repair_tips: '系统升级，预计 30 分钟' });
    expect(await lastAudit('site.maintenance')).toMatchObject({
      operatorName: content.name,
      targetType: 'site',
      targetId: '1',
      before: { maintenance: false },
      after: { maintenance: true, repair_tips: '系统升级，预计 30 分钟' },
    });

    const off = await content.post('/api/site/maintenance', {
      on: false,
      repair_tips: '系统升级，预计 30 分钟',
    });
    expect(dataOf(off)).toMatchObject({ maintenance: false });
    expect((await appInfo()).site_state).toBe(1);
    expect(await lastAudit('site.maintenance')).toMatchObject({
      before: { maintenance: true },
      after: { maintenance: false },
    });
  });

  it('refuses a message that is too long, and other roles', async () => {
    const long = await content.post('/api/site/maintenance', {
      on: true,
      repair_tips: '维'.repeat(REPAIR_TIPS_MAX + 1),
    });
    expect(refusal(long)).toEqual([400, MSG_REPAIR_TIPS_LONG]);
    expect((await appInfo()).site_state).toBe(1);
    expect((await support.post('/api/site/maintenance', { on: true })).status).toBe(403);
  });
});

const addresses = {
  service_url: 'https://kefu.example.com/chat',
  agent_login_url: '/agent/',
  ios_download_url: 'https://dl.example.com/app',
  ios_download_qrcode: '/uploads/abc.png',
  h5_url: 'https://m.example.com/',
};

describe('addresses', () => {
  it('a change within this server applies at once; members get it at their next call; audited', async () => {
    const before = dataOf<typeof addresses>(await content.get('/api/site/settings'));
    const r = await content.post('/api/site/addresses', { ...before, service_url: '/support/desk/' });
    expect(r.body?.message).toBe('站点地址已保存');
    expect(dataOf(r)).toMatchObject({ service_url: '/support/desk/' });
    expect(dataOf<{ url: string }>(await t.post('/api/getservicerurl', {})).url).toBe('/support/desk/');
    expect((await lastAudit('site.addresses'))?.after).toEqual({ service_url: '/support/desk/' });
    await content.post('/api/site/addresses', before);
  });

  it('an address to another site waits for 超级管理员; the approval applies only what it names', async () => {
    const before = dataOf<typeof addresses>(await content.get('/api/site/settings'));
    const r = await content.post('/api/site/addresses', addresses);
    expect(r.body?.message).toBe(reviewSubmittedMessage('site.addresses'));
    const ticket = dataOf<{ review_id: number; summary: string }>(r);
    // Only what changed (the agent address is already /agent/), the picture too: one decision.
    expect(ticket.summary).toBe(
      `客服地址改为 ${addresses.service_url}；App 下载地址改为 ${addresses.ios_download_url}；` +
        `App 下载二维码改为 ${addresses.ios_download_qrcode}；推广链接域名改为 ${addresses.h5_url}`,
    );
    // Nothing changed yet: members are still sent to this server's desk.
    expect(dataOf<{ url: string }>(await t.post('/api/getservicerurl', {})).url).toBe(before.service_url);
    // Another 运营 cannot approve it, nor 客服; 超级管理员 can (not its own, were it the maker).
    const decide = (who: ConsoleAgent) =>
      who.post('/api/approvals/decide', { id: ticket.review_id, approve: true, note: '' });
    expect((await decide(await c.signIn('content'))).status).toBe(403);
    expect((await decide(support)).status).toBe(403);
    // Meanwhile a change within this server applies; the approval later does not undo it.
    const meanwhile = await content.post('/api/site/addresses', { ...before, agent_login_url: '/agent/x/' });
    expect(meanwhile.body?.message).toBe('站点地址已保存');
    const decided = dataOf<{ item: { status: string } }>(await decide(await c.signIn('admin')));
    expect(decided.item.status).toBe('approved');
    const after = dataOf<typeof addresses>(await content.get('/api/site/settings'));
    expect(after).toMatchObject({ ...addresses, agent_login_url: '/agent/x/' });
    expect(dataOf<{ url: string }>(await t.post('/api/getservicerurl', {})).url).toBe(addresses.service_url);
    const m = await t.newMember();
    const visit = dataOf<{ url: string }>(await t.get('/api/getVisitUrl', {}, { token: m.token }));
    expect(visit.url).toBe(`https://m.example.com/?pid=${m.id}`);
    const row = await lastAudit('site.addresses');
    expect(row?.after).toMatchObject({ h5_url: addresses.h5_url, approval_id: ticket.review_id });
    expect(row?.before).toMatchObject({ h5_url: before.h5_url });
    // Back to this server's paths: at once, no review.
    const back = await content.post('/api/site/addresses', { ...after, service_url: '/support/' });
    expect(dataOf(back)).toMatchObject({ service_url: '/support/' });
    expect((await lastAudit('site.addresses'))?.after).toEqual({ service_url: '/support/' });
    await content.post('/api/site/addresses', {
      ...after,
      service_url: '/support/',
      agent_login_url: '/agent/',
    });
  });

  it.each([
    ['service_url', 'javascript:alert(1)', msgAddressInvalid('service_url')],
    ['agent_login_url', '//evil.example.com', msgAddressInvalid('agent_login_url')],
    ['ios_download_url', 'ftp://x.example.com', msgAddressInvalid('ios_download_url')],
    ['ios_download_qrcode', 'data:image/png;base64,AAAA', msgAddressInvalid('ios_download_qrcode')],
    ['h5_url', '/m/', MSG_H5_URL_ABSOLUTE],
    ['service_url', '  ', msgAddressMissing('service_url')],
  ])('refuses %s = %s', async (field, value, message) => {
    const r = await content.post('/api/site/addresses', { ...addresses, [field]: value });
    expect(refusal(r)).toEqual([400, message]);
  });
});

/** Epoch ms of a Beijing wall-clock time on 2026-11-20. */
const beijing = (hour: number, minute = 0) => Date.UTC(2026, 10, 20, hour - 8, minute);
const band = (min: string, max: string, claims: number, amount: string) => ({
  min_deposit: min,
  max_deposit: max,
  claims,
  max_amount: amount,
});
const SEED_BANDS = [
  band('500.00', '1999.99', 1, '8.88'),
  band('2000.00', '9999.99', 2, '18.88'),
  band('10000.00', '999999999.99', 3, '58.88'),
];
/** The bands of a view, without the figure each carries. */
const plain = (bands: { value?: unknown }[]) => bands.map(({ value: _value, ...b }) => b);

describe('red-packet bands', () => {
  it.each([
    ['no band', [], MSG_BANDS_EMPTY],
    [
      '21 bands',
      Array.from({ length: 21 }, (_, i) => band(`${(i + 1) * 100}`, `${(i + 1) * 100 + 50}`, 1, '1')),
      MSG_BANDS_TOO_MANY,
    ],
    ['min above max', [band('500', '100', 1, '1')], MSG_BAND_MIN_ABOVE_MAX],
    ['overlap', [band('100', '1000', 1, '1'), band('1000', '2000', 1, '1')], MSG_BANDS_OVERLAP],
    ['0 claims', [band('100', '1000', 0, '1')], MSG_BAND_CLAIMS],
    ['11 claims', [band('100', '1000', 11, '1')], MSG_BAND_CLAIMS],
    ['1.5 claims', [band('100', '1000', 1.5, '1')], MSG_BAND_CLAIMS],
    ['packet below 1.00', [band('100', '1000', 1, '0.99')], MSG_BAND_AMOUNT],
    ['packet above the cap', [band('100000', '200000', 1, '10000.01')], MSG_BAND_AMOUNT],
    // 3 × 40.00 = 120.00 > 100.00: depositing the minimum and claiming all would be a sure gain.
    ['packets above the minimum deposit', [band('100', '1000', 3, '40')], MSG_BAND_PAYS_TOO_MUCH],
  ])('refuses %s', async (_name, bands, message) => {
    const before = dataOf<{ bands: unknown[] }>(await content.get('/api/site/red-packets')).bands;
    const r = await content.post('/api/site/red-packets/bands', { bands });
    expect(refusal(r)).toEqual([400, message]);
    expect(dataOf<{ bands: unknown[] }>(await content.get('/api/site/red-packets')).bands).toEqual(before);
  });

  it('refuses a band worth more than 0 to a member who deposits its minimum for the packets', async () => {
    // The old first band: 4.94 on average for 100.00 deposited, against 1.26 of turnover at 1.2 %.
    const r = await content.post('/api/site/red-packets/bands', {
      bands: [band('100', '999.99', 1, '8.88')],
    });
    expect(refusal(r)).toEqual([
      400,
      '存款 100 元起的红包档位的期望收益为正（单人 +36.81 元 / 每 1,000 元存款），会员完成流水后仍可获利：请降低红包上限或次数，或提高该档最低存款',
    ]);
    const view = dataOf<{ bands: { value: { single: number; positive: boolean } }[] }>(
      await content.get('/api/site/red-packets'),
    );
    expect(view.bands.map((b) => b.value)).toEqual([
      { single: -2.24, pair: -2.24, per: '存款', positive: false },
      { single: -2.18, pair: -2.18, per: '存款', positive: false },
      { single: -3.13, pair: -3.13, per: '存款', positive: false },
    ]);
  });

  it('sorts the bands by deposit', async () => {
    const r = await content.post('/api/site/red-packets/bands', {
      bands: [band('2000', '9999.99', 2, '18.88'), band('800', '1999.99', 1, '8.88')],
    });
    expect(plain(dataOf<{ bands: { value?: unknown }[] }>(r).bands)).toEqual([
      band('800.00', '1999.99', 1, '8.88'),
      band('2000.00', '9999.99', 2, '18.88'),
    ]);
    dataOf(await content.post('/api/site/red-packets/bands', { bands: SEED_BANDS }));
  });

  it('a change applies to the next claim, never to a claim made; the switch closes claims; audited', async () => {
    setClock(beijing(10, 30));
    try {
      const m = await t.newMember();
      const r = await t.post(
        '/api/recharge',
        {
          paytype: 'bank',
          amount: 500,
          bank_owner: '张三',
          bank: '招商银行',
          bank_no: '6222000011112222',
          bank_address: '深圳',
        },
        { token: m.token, headers: idem() },
      );
      dataOf(await t.op('/deposits/approve', { deposit_no: dataOf<{ deposit_no: string }>(r).deposit_no }));
      const claim = () => t.post('/api/douserredpacket', undefined, { token: m.token, headers: idem() });
      const won = dataOf<{ redpacketmoney: string }>(await claim());
      const [made] = await t.db.select().from(redPacketClaims).where(eq(redPacketClaims.userId, m.id));

      const bands = [band('500.00', '1999.99', 3, '3.00'), ...SEED_BANDS.slice(1)];
      dataOf(await content.post('/api/site/red-packets/bands', { bands }));
      expect((await lastAudit('redPacket.bands'))?.before).toEqual({ bands: SEED_BANDS });
      expect((await lastAudit('redPacket.bands'))?.after).toEqual({ bands });
      const [still] = await t.db.select().from(redPacketClaims).where(eq(redPacketClaims.userId, m.id));
      expect(still).toEqual(made);
      const info = dataOf<{
        sendnums: number;
        acquirednum: number;
        list: { data: { redpacketmoney: string }[] };
      }>(await t.get('/api/userredpacket', { page: '1' }, { token: m.token }));
      expect([info.sendnums, info.acquirednum, info.list.data[0]?.redpacketmoney]).toEqual([
        2,
        1,
        won.redpacketmoney,
      ]);

      const off = await content.post('/api/site/red-packets/switch', { on: false });
      expect(dataOf(off)).toMatchObject({ switch_on: false });
      expect((await appInfo()).redpacket_switch).toBe(0);
      expect(refusal(await claim())).toEqual([400, MSG_RED_PACKET_OFF]);
      expect(await lastAudit('redPacket.switch')).toMatchObject({
        targetType: 'redPacket',
        before: { switch_on: true },
        after: { switch_on: false },
      });
      dataOf(await content.post('/api/site/red-packets/switch', { on: true }));
      const next = dataOf<{ redpacketmoney: string }>(await claim());
      expect(Number(next.redpacketmoney)).toBeLessThanOrEqual(3);
    } finally {
      resetClock();
      dataOf(await content.post('/api/site/red-packets/bands', { bands: SEED_BANDS }));
    }
  });
});
