import {
  agentDownline,
  agentTeamReport,
  MSG_INVITE_DAYS,
  MSG_INVITE_USES,
  MSG_SUB_RATES,
} from '@app/contract/agent-office';
import { TeamDay } from '@app/contract/agent-office';
import { describe, expect, it } from 'vitest';
import { inviteState } from '@/features/invites/components/InviteCard';
import { MSG_NO_AGENT_LINKS, readInviteForm } from '@/features/invites/rules';
import { activeLines, categoryTotals, dayTotals, hasActivity, reportTotals } from '@/features/report/rules';
import {
  beijingToday,
  dateTimeText,
  monthStart,
  parsePercent,
  percentInput,
  percentText,
  periodText,
  yuan,
} from '@/shared/format';
import { tierText } from '@/shared/labels';
import { loginPath, safeRedirect } from '@/shared/navigation';
import { nextPage } from '@/shared/paging';
import { MSG_DAY, MSG_RANGE_ORDER, rangeProblem } from '@/shared/range';
import { rateTexts, ratesText, readRates } from '@/shared/rates';
import { OWN_RATES, REPORT_DAYS } from './msw/fixtures';

describe('money, dates and rates as shown', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-35_025, '-350.25'],
    [123_456_789, '1,234,567.89'],
    [-100_000, '-1,000.00'],
  ])('yuan(%i) = %s', (cents, text) => expect(yuan(cents)).toBe(text));

  it('shows Beijing time, and a period [start, end) by its first and last day', () => {
    const start = Date.parse('2026-10-31T16:00:00Z'); // 2026-11-01 00:00 Beijing
    const end = Date.parse('2026-11-30T16:00:00Z');
    expect(dateTimeText(start)).toBe('2026-11-01 00:00');
    expect(dateTimeText(null, '从未登录')).toBe('从未登录');
    expect(periodText(start, end)).toBe('2026-11-01 至 2026-11-30');
    expect(periodText(start, start + 86_400_000)).toBe('2026-11-01');
  });

  it('knows the Beijing day and month, whatever the zone of the phone', () => {
    const lateUtc = Date.parse('2026-11-30T17:00:00Z'); // 2026-12-01 01:00 Beijing
    expect(beijingToday(lateUtc)).toBe('2026-12-01');
    expect(monthStart(lateUtc)).toBe('2026-12-01');
    expect(monthStart(Date.parse('2026-11-20T07:00:00Z'))).toBe('2026-11-01');
  });

  it.each([
    ['0', 0],
    ['0.4', 40],
    ['0.25', 25],
    [' 1 ', 100],
    ['100', 10_000],
    ['0.255', null],
    ['-1', null],
    ['1e2', null],
    ['', null],
    ['abc', null],
  ])('parsePercent(%j) = %j basis points', (text, bp) => expect(parsePercent(text)).toBe(bp));

  it('writes basis points back as a percentage', () => {
    expect(percentText(25)).toBe('0.25%');
    expect(percentInput(30)).toBe('0.3');
    expect(percentInput(0)).toBe('0');
  });

  it('names a tier (1-based) or its absence', () => {
    expect(tierText('net_loss', 2)).toBe('第2档');
    expect(tierText('net_loss', 0)).toBe('未达档位');
    expect(tierText('turnover', 0)).toBe('—');
    expect(tierText(null, 1)).toBe('第1档');
  });
});

describe("a sub-agent's rates", () => {
  it('reads the typed percentages, each at most the agent’s own', () => {
    const texts = { ...rateTexts(), lottery: '0.4', realperson: '0.25' };
    expect(readRates(texts, OWN_RATES)).toEqual({
      rates: { realperson: 25, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 40 },
      problem: null,
    });
    expect(readRates({ ...texts, joker: '0.21' }, OWN_RATES).problem).toBe(
      `${MSG_SUB_RATES}（棋牌最高 0.20%）`,
    );
    expect(readRates({ ...texts, sport: 'x' }, OWN_RATES).problem).toBe(
      '请输入正确的体育返佣比例（最多两位小数）',
    );
  });

  it('starts the form from given rates, and shows rates in one line', () => {
    expect(rateTexts(OWN_RATES).lottery).toBe('0.4');
    expect(rateTexts().sport).toBe('0');
    // No-break spaces inside each category and before its dot: a narrow card wraps after a dot only.
    const nbsp = '\u00a0';
    expect(ratesText(OWN_RATES)).toBe(
      [
        '真人',
        '0.30%',
        '· 体育',
        '0.40%',
        '· 电竞',
        '0.40%',
        '· 棋牌',
        '0.20%',
        '· 电子',
        '0.35%',
        '· 彩票',
        '0.40%',
      ].join(nbsp),
    );
  });
});

describe('新建推广链接', () => {
  const ctx = { own: OWN_RATES, canInviteAgents: true };
  const form = { kind: 'member' as const, days: '7', maxUses: '0', rates: rateTexts() };

  it.each([
    ['-1', MSG_INVITE_DAYS],
    ['366', MSG_INVITE_DAYS],
    ['1.5', MSG_INVITE_DAYS],
    ['', MSG_INVITE_DAYS],
  ])('days %j: %s', (days, message) => expect(readInviteForm({ ...form, days }, ctx).problem).toBe(message));

  it.each([
    ['100001', MSG_INVITE_USES],
    ['x', MSG_INVITE_USES],
  ])('uses %j: %s', (maxUses, message) =>
    expect(readInviteForm({ ...form, maxUses }, ctx).problem).toBe(message),
  );

  it('a member link carries no rates; a sub-agent link carries them, while the tree may grow', () => {
    expect(readInviteForm(form, ctx).input).toEqual({ kind: 'member', days: 7, max_uses: 0 });
    const agent = { ...form, kind: 'agent' as const, rates: { ...rateTexts(), lottery: '0.3' } };
    expect(readInviteForm(agent, ctx).input).toEqual({
      kind: 'agent',
      days: 7,
      max_uses: 0,
      rates: { realperson: 0, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 30 },
    });
    expect(readInviteForm(agent, { ...ctx, canInviteAgents: false }).problem).toBe(MSG_NO_AGENT_LINKS);
  });

  it("a link's state: revoked, expired, used up, or valid", () => {
    const invite = {
      id: 1,
      code: 'ABCD2345',
      kind: 'member' as const,
      rates: null,
      expires_at: 2_000,
      max_uses: 3,
      uses: 1,
      revoked: false,
      url: '',
    };
    expect(inviteState(invite, 1_000).text).toBe('有效');
    expect(inviteState(invite, 2_000).text).toBe('已过期');
    expect(inviteState({ ...invite, uses: 3 }, 1_000).text).toBe('已用完');
    expect(inviteState({ ...invite, revoked: true }, 1_000).text).toBe('已撤销');
    expect(inviteState({ ...invite, max_uses: null, expires_at: null, uses: 99 }, 9_999).text).toBe('有效');
  });
});

describe('team report figures', () => {
  const days = REPORT_DAYS.map((d) => TeamDay.parse(d));

  it('adds a day, the range and each category up (cents)', () => {
    const [first] = days;
    expect(first && dayTotals(first)).toEqual({ valid: 42_000, profit: 2_550 });
    expect(reportTotals(days)).toEqual({
      newMembers: 2,
      deposits: 50_000,
      withdrawals: 15_000,
      valid: 42_000,
      profit: 2_550,
    });
    expect(categoryTotals(days)).toEqual([
      { category: 'sport', valid: 12_000, profit: -2_000 },
      { category: 'lottery', valid: 30_000, profit: 4_550 },
    ]);
    expect(reportTotals([])).toEqual({ newMembers: 0, deposits: 0, withdrawals: 0, valid: 0, profit: 0 });
  });

  it('leaves out of the list the days and categories without anything (the server sends zeros)', () => {
    const zero = { category: 'joker' as const, valid: 0, profit: 0 };
    const quiet = { day: '2026-11-03', new_members: 0, deposits: 0, withdrawals: 0, lines: [zero] };
    expect(hasActivity(quiet)).toBe(false);
    expect(hasActivity({ ...quiet, new_members: 1 })).toBe(true);
    expect(hasActivity({ ...quiet, lines: [{ ...zero, profit: -1 }] })).toBe(true);
    expect(activeLines({ ...quiet, lines: [zero, { ...zero, category: 'sport', valid: 5 }] })).toEqual([
      { category: 'sport', valid: 5, profit: 0 },
    ]);
    // In the contract's order, as the range's totals (the server's order may differ).
    const lottery = { category: 'lottery' as const, valid: 1, profit: 0 };
    const live = { category: 'realperson' as const, valid: 2, profit: 0 };
    expect(activeLines({ ...quiet, lines: [lottery, live] })).toEqual([live, lottery]);
  });
});

describe('date ranges', () => {
  it('needs two days in order, then what the call itself allows', () => {
    expect(rangeProblem('', '2026-11-20')).toBe(MSG_DAY);
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe(MSG_DAY);
    expect(rangeProblem('2026-11-21', '2026-11-20')).toBe(MSG_RANGE_ORDER);
    expect(rangeProblem('2026-11-01', '2026-11-20')).toBeNull();
    expect(rangeProblem('2026-11-01', '2026-11-20', agentDownline.request, { level: 1 })).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-11-20', agentTeamReport.request)).toMatch(/92/);
  });
});

describe('paging and redirects', () => {
  const page = (n: number, extra = {}) => ({
    data: Array.from({ length: n }, (_, i) => i),
    total: 45,
    ...extra,
  });

  it('follows last_page when sent, else the rows against the total; an empty page ends', () => {
    expect(nextPage(page(20, { last_page: 3 }), [page(20)], 1)).toBe(2);
    expect(nextPage(page(5, { last_page: 3 }), [], 3)).toBeUndefined();
    expect(nextPage(page(20), [page(20), page(20)], 2)).toBe(3);
    expect(nextPage(page(5), [page(20), page(20), page(5)], 3)).toBeUndefined();
    expect(nextPage(page(0), [page(0)], 1)).toBeUndefined();
  });

  it.each([
    ['/statements', '/statements'],
    ['/statement?id=3', '/statement?id=3'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/login?redirect=%2F', null],
    ['/ticket?t=x', null],
    [null, null],
  ])('safeRedirect(%j) = %j', (target, safe) => expect(safeRedirect(target)).toBe(safe));

  it('sends the guard to /login with the way back, never back to /', () => {
    expect(loginPath('/members')).toBe('/login?redirect=%2Fmembers');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil')).toBe('/login');
  });
});
