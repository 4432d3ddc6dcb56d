import { describe, expect, it } from 'vitest';
import {
  applicationStateLabel,
  copyMessage,
  depositBandText,
  formatRate,
  inRedPacketWindow,
  beijingToday,
  dateOfDay,
  dayOf,
  inviteLink,
  REBATE_STATE_FILTERS,
  vipFlowProgress,
  vipNote,
  RED_PACKET_PERIOD,
  redPacketBlock,
  validateAgentApplication,
  validateRebateClaim,
  vipProgress,
  vipStartTab,
  vipStatus,
} from './rules';

/** Epoch ms of a Beijing wall-clock time. */
const beijing = (ymdhm: string) => Date.parse(`${ymdhm}:00+08:00`);
const levels = Array.from({ length: 10 }, (_, i) => ({ recharge: (i + 1) * 100_000 })); // 1000.00 × n

describe('VIP', () => {
  it.each([
    [3, true, 3],
    [0, true, 1],
    [12, true, 10],
    [5, false, 1],
    [Number.NaN, true, 1],
  ])('start tab for level %s (logged in %s) is VIP%s', (level, loggedIn, tab) => {
    expect(vipStartTab(level, loggedIn)).toBe(tab);
  });

  it.each([
    [3, 1, '已达标'],
    [3, 3, '已达标'],
    [3, 4, '未达标'],
    [0, 1, '未达标'],
  ] as const)('own level %s on tab VIP%s: %s', (own, tab, status) => {
    expect(vipStatus(own, tab)).toBe(status);
  });

  it.each([
    // paysum (cents), level → the entry at index = level (VIP level+1), rounded, capped, 0 if either is 0
    [150_000, 1, 75], // 1500 / 2000
    [100_000, 0, 100], // 1000 / VIP1 1000
    [33_333, 0, 33], // 333.33 / 1000 → 33.3 → 33
    [66_666, 0, 67], // rounded
    [999_999_00, 2, 100], // capped
    [0, 3, 0],
    [50_000, 10, 100], // top level: no entry above, everything reached
  ])('progress for paysum %s at level %s is %s %%', (paysum, level, percent) => {
    expect(vipProgress(paysum, levels, level)).toBe(percent);
  });

  it('progress is 0 when the next entry asks for no deposit, or there is no list', () => {
    expect(vipProgress(50_000, [{ recharge: 0 }, { recharge: 0 }], 1)).toBe(0);
    expect(vipProgress(50_000, [], 3)).toBe(0);
  });

  it('shows rates as percents', () => {
    expect(formatRate(0.8)).toBe('0.8%');
    expect(formatRate(Number.NaN)).toBe('0%');
  });
});

describe('red packets', () => {
  it('says the window of spec §9', () => {
    expect(RED_PACKET_PERIOD).toBe('北京时间每日10:00-12:00');
  });

  it.each([
    ['2026-11-22 09:59', false],
    ['2026-11-22 10:00', true],
    ['2026-11-22 11:59', true],
    ['2026-11-22 12:00', false],
    ['2026-11-22 23:30', false],
  ])('Beijing %s is inside the window: %s', (time, inside) => {
    expect(inRedPacketWindow(beijing(time))).toBe(inside);
  });

  it.each([
    [{ switchOn: false, remaining: 3 }, '红包已关闭'],
    [{ switchOn: false, remaining: 0 }, '红包已关闭'],
    [{ switchOn: true, remaining: 0 }, '您暂未达到领取条件，快去完成吧！'],
    [{ switchOn: true, remaining: -1 }, '您暂未达到领取条件，快去完成吧！'],
    [{ switchOn: true, remaining: 1 }, null],
  ])('claim with %o: %s', (ctx, message) => {
    expect(redPacketBlock(ctx)).toBe(message);
  });
});

describe('rebates', () => {
  it.each([
    [0, '暂无领取额度！'],
    [-5, '暂无领取额度！'],
    [1, null],
  ])('pending %s cents: %s', (pending, message) => {
    expect(validateRebateClaim(pending)).toBe(message);
  });
});

describe('activity applications', () => {
  it.each([
    [1, '审核中'],
    [2, '已通过'],
    [3, '已拒绝'],
    [0, '--'],
    [4, '--'],
  ])('state %s reads %s', (state, label) => {
    expect(applicationStateLabel(state)).toBe(label);
  });
});

describe('agent application, messages in spec order', () => {
  it.each([
    [{ mobile: '', reason: '' }, '请输入正确手机号'],
    [{ mobile: '1234567890', reason: '' }, '请输入正确手机号'],
    [{ mobile: '12812345678', reason: '想做代理' }, '请输入正确手机号'],
    [{ mobile: '138123456789', reason: '想做代理' }, '请输入正确手机号'],
    [{ mobile: '13812345678', reason: '   ' }, '请输入申请理由'],
    [{ mobile: ' 13812345678 ', reason: '想做代理' }, null],
  ])('%o: %s', (form, message) => {
    expect(validateAgentApplication(form)).toBe(message);
  });
});

describe('invitations', () => {
  it.each([
    ['clipboard', '复制成功！'],
    ['fallback', '链接已复制到剪贴板'],
    ['failed', '复制链接失败'],
  ] as const)('copy by %s says %s', (outcome, message) => {
    expect(copyMessage(outcome)).toBe(message);
  });

  it('builds the link from getVisitUrl: its address and pid, else the member id, else this page', () => {
    const base = { visitUrl: '', pageUrl: 'http://127.0.0.1:8080/#/inviter', userId: 7 };
    expect(inviteLink({ ...base, visitUrl: 'https://m.example.com/?pid=9' })).toBe(
      'https://m.example.com/#/login?type=1&pid=9',
    );
    expect(inviteLink({ ...base, visitUrl: 'https://m.example.com/' })).toBe(
      'https://m.example.com/#/login?type=1&pid=7',
    );
    expect(inviteLink(base)).toBe('http://127.0.0.1:8080/#/login?type=1&pid=7');
    expect(inviteLink({ ...base, pageUrl: 'https://h.example/app/index.html#/inviter' })).toBe(
      'https://h.example/app/#/login?type=1&pid=7',
    );
  });
});

describe('date ranges', () => {
  it('days of picked dates, back, and today in Beijing', () => {
    expect(dayOf(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
    expect(dayOf(dateOfDay('2026-02-28') ?? new Date(0))).toBe('2026-02-28');
    expect(dateOfDay('')).toBeNull();
    // 2026-11-25 17:00 UTC is already the 26th in Beijing.
    expect(beijingToday(Date.UTC(2026, 10, 25, 17))).toBe('2026-11-26');
    expect(REBATE_STATE_FILTERS.map((f) => f.value)).toEqual(['', 0, 1]);
  });
});

describe('VIP note', () => {
  const next = { nextLevel: 2, deposits: 0, bets: 0, nextRecharge: 100_000, nextFlow: 500_000 };
  it.each([
    [{}, '再存款 1000.00 元、有效投注 5000.00 元可晋级 VIP2', 0],
    // Deposits met (the spec's percent shows 100 %) but not the turnover: no promise of promotion.
    [{ deposits: 120_000, bets: 30_000 }, '存款已达标，还需有效投注 4700.00 元才能晋级 VIP2', 6],
    [{ deposits: 50_000, bets: 600_000 }, '流水已达标，再存款 500.00 元可晋级 VIP2', 100],
    [{ deposits: 100_000, bets: 500_000 }, '已满足晋级条件，将于次日24:00前晋级 VIP2', 100],
    [{ nextLevel: 0 }, '您已达到最高等级', 100],
  ])('%o: %s', (over, note, flow) => {
    expect(vipNote({ ...next, ...over })).toBe(note);
    expect(vipFlowProgress({ ...next, ...over })).toBe(flow);
  });
});

describe('depositBandText', () => {
  it('reads a bounded band as min - max, and the open top band as 以上 (it read 10000.00 - 999999999.99)', () => {
    expect(depositBandText(50_000, 199_999)).toBe('500.00 - 1999.99');
    expect(depositBandText(1_000_000, 99_999_999_999)).toBe('10000.00 以上');
    expect(depositBandText(1_000_000, 99_999_999)).toBe('10000.00 - 999999.99');
  });
});
