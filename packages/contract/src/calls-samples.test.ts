import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './calls';
import { messageList } from './content';
import { gameUrl } from './games';
import { accountRecords } from './wallet';
import { deposit, depositInfo, payRange } from './cashier';
import { withdrawFee } from './withdrawals';
import { activities, rebates, redPacketInfo, vipLevels } from './promo';
import { betRecords, uploadAvatar } from './member';
import { T } from './calls-test-support';
import { SAMPLES } from './calls-samples';

describe.each(
  ALL_CALLS.map((c) => [`${c.method} ${c.path}${c.multipart ? ' (multipart)' : ''}`, c] as const),
)('%s', (_, call) => {
  const sample = SAMPLES.get(call);

  it('has a sample', () => expect(sample).toBeDefined());

  it('accepts a valid request', () => {
    const r = call.request.safeParse(sample?.request);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });

  it('reads a wire reply', () => {
    const r = call.response.safeParse(sample?.reply);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    if (sample?.data !== undefined) {
      if (typeof sample.data === 'object' && sample.data !== null) expect(r.data).toMatchObject(sample.data);
      else expect(r.data).toBe(sample.data);
    }
  });

  it('refuses a 10 KB string in any field', () => {
    const body = sample?.request;
    if (typeof body !== 'object' || body === null) return;
    for (const field of Object.keys(body)) {
      for (const huge of ['a'.repeat(10_240), '9'.repeat(10_240)]) {
        const r = call.request.safeParse({ ...body, [field]: huge });
        expect(r.success, `${field} = ${huge.slice(0, 3)}…`).toBe(false);
      }
    }
  });
});

describe('replies the client must survive', () => {
  it('withdrawFee: 1 when missing, empty, null data or PHP []', () => {
    for (const reply of [{}, { withdraw_fee: '' }, { withdraw_fee: null }, null, [], { withdraw_fee: 'x' }]) {
      expect(withdrawFee.response.parse(reply), JSON.stringify(reply)).toBe(1);
    }
  });
  it('payRange: the spec defaults (100–10000) when nothing is sent', () =>
    expect(payRange.response.parse(null)).toEqual({ min: 10000, max: 1000000 }));
  it('deposit: no data (bank transfer) gives depositNo null', () => {
    expect(deposit.response.parse(undefined)).toEqual({ depositNo: null });
    expect(deposit.response.parse([])).toEqual({ depositNo: null });
  });
  it('depositInfo: a bank deposit has no receiving account', () =>
    expect(
      depositInfo.response.parse({
        deposit_no: 'D1',
        info: { amount: 100, created_at: T, paytype: 'bank' },
        cardlist: [],
      }).receiving,
    ).toBeNull());
  it('uploadAvatar: url, path, a bare string or nothing', () => {
    expect(uploadAvatar.response.parse({ url: '/u.png' })).toEqual({ avatar: '/u.png' });
    expect(uploadAvatar.response.parse('/s.png')).toEqual({ avatar: '/s.png' });
    expect(uploadAvatar.response.parse(null)).toEqual({ avatar: null });
  });
  it('gameUrl: a javascript: URL is refused at the boundary', () =>
    expect(gameUrl.response.safeParse({ url: 'javascript:alert(document.cookie)' }).success).toBe(false));
  it('rebates: no list gives an empty page', () =>
    expect(rebates.response.parse({ jisuan: 0, nojisuan: null })).toEqual({
      records: { data: [], total: 0 },
      claimedTotal: 0,
      pendingTotal: 0,
    }));
  it('redPacketInfo: no page asked, no records', () => {
    expect(redPacketInfo.request.parse(undefined)).toEqual({ page: null });
    expect(redPacketInfo.response.parse({ sendnums: 0, acquirednum: 0, max_times: 3 }).records).toBeNull();
  });
  it('vipLevels: ten levels, numbered by position when the back end sends no level, rates in percent', () => {
    const levels = vipLevels.response.parse(SAMPLES.get(vipLevels)?.reply);
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(levels[0]).toEqual({
      level: 1,
      recharge: 100000,
      flow: 500000,
      retentionFlow: 0,
      rates: { realperson: 0.5, sport: 0.6, e_sport: 0.6, joker: 0.5, electron: 0.7, lottery: 0.3 },
    });
    expect(vipLevels.response.parse([{ level: 'VIP7', recharge: 1 }])[0]?.level).toBe(7);
  });
  it('requests with every field optional accept no body at all', () => {
    expect(accountRecords.request.parse(undefined)).toEqual({ date: 4, type: 1, page: 1, api_type: null });
    expect(rebates.request.parse(undefined)).toEqual({
      range: null,
      date: 4,
      page: 1,
      api_type: null,
      type: null,
    });
    expect(activities.request.parse(undefined)).toEqual({ type: null });
    expect(betRecords.request.parse({})).toEqual({ date: 4, page: 1, api_type: null });
  });
});

describe('messageList (our addition): site messages, paged', () => {
  it('asks page 1 when no page is sent, and refuses page 0, negative or fractional pages', () => {
    expect(messageList.request.parse(undefined)).toEqual({ page: 1 });
    expect(messageList.request.parse({})).toEqual({ page: 1 });
    expect(messageList.request.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of [0, -1, 1.5, 'x']) expect(messageList.request.safeParse({ page }).success).toBe(false);
  });
  it('keeps the HTML content as it is (the app sanitises it when it shows it)', () => {
    const html = '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>';
    const r = messageList.response.parse({
      data: [{ id: 1, title: 't', content: html, created_at: '2026-11-22 10:00:00' }],
      total: 1,
    });
    expect(r.data[0]?.content).toBe(html);
  });
  it('reads an empty page sent as [] or null', () => {
    for (const data of [[], null]) {
      expect(messageList.response.parse({ data, total: 0 }).data).toEqual([]);
    }
  });
});
