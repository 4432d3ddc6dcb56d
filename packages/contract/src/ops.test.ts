import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './calls';
import type { CallDef } from './define';
import { OPS_CALLS } from './ops';
import { OPS_PREFIX, opsAmountCents } from './ops-fields';
import * as lotteryOps from './ops-lottery';
import * as moneyOps from './ops-money';
import * as promoOps from './ops-promo';
import * as siteOps from './ops-site';

const isCall = (v: unknown): v is CallDef => !!v && typeof v === 'object' && 'path' in v && 'request' in v;
const key = (c: CallDef) => `${c.method} ${c.path}`;
const EXPORTED = [siteOps, moneyOps, lotteryOps, promoOps].flatMap((m) => Object.values(m).filter(isCall));

describe('the operator calls', () => {
  it('lists every exported operator call once, and no member call', () => {
    expect(new Set(OPS_CALLS).size).toBe(OPS_CALLS.length);
    expect(new Set(OPS_CALLS)).toEqual(new Set(EXPORTED));
    expect(OPS_CALLS.filter((c) => ALL_CALLS.includes(c))).toEqual([]);
    expect(ALL_CALLS.filter((c) => c.auth === 'operator')).toEqual([]);
  });

  it('are operator-only, under /ops, each on its own (method, path) and name', () => {
    for (const c of OPS_CALLS) {
      expect(c.auth, c.name).toBe('operator');
      expect(c.path, c.name).toMatch(new RegExp(`^${OPS_PREFIX}/[a-z/-]+$`));
      expect([c.money, c.multipart], c.name).toEqual([false, false]);
    }
    expect(new Set(OPS_CALLS.map(key)).size).toBe(OPS_CALLS.length);
    expect(new Set(OPS_CALLS.map((c) => c.name)).size).toBe(OPS_CALLS.length);
  });

  it('read a review list: pending and 100 rows unless told, up to 1000', () => {
    expect(moneyOps.opsDeposits.request.parse({})).toEqual({ state: 1, limit: 100 });
    expect(promoOps.opsAgentApplications.request.parse({ state: '0', limit: '1000' })).toEqual({
      state: 0,
      limit: 1000,
    });
    expect(moneyOps.opsWithdrawals.request.safeParse({ limit: '1001' }).success).toBe(false);
    expect(moneyOps.opsWithdrawals.request.safeParse({ state: '4' }).success).toBe(false);
  });

  it('take operator amounts in cents: 0.01 up to 100 million yuan, two decimals at most', () => {
    expect(opsAmountCents(' 12.50 ')).toBe(1250);
    for (const bad of ['0', '0.00', '-1', '1.234', '1e3', '100000000.01', '']) {
      expect(opsAmountCents(bad), bad).toBeNull();
    }
    expect(moneyOps.opsCreditWallet.request.parse({ username: 'a', amount: '66.60' })).toEqual({
      username: 'a',
      amount: 6660,
    });
    const bad = moneyOps.opsCreditWallet.request.safeParse({ username: 'a', amount: 'x' });
    expect(bad.error?.issues[0]?.message).toBe('金额无效');
    // The other fields first: a bad memo is reported before a bad amount, as the server always did.
    const both = moneyOps.opsCreditWallet.request.safeParse({ username: 'a', amount: 'x', memo: 5 });
    expect(both.error?.issues[0]?.path).toEqual(['memo']);
  });

  it("check a deposit method's range after its amounts", () => {
    const parse = (min: string, max: string) =>
      moneyOps.opsSetPayMethod.request.safeParse({ type: 'bank', min, max });
    expect(parse('100', '50000').data).toEqual({
      type: 'bank',
      range: { minCents: 10_000, maxCents: 5_000_000 },
    });
    expect(parse('0', '10').error?.issues[0]?.message).toBe(moneyOps.MSG_PAY_RANGE);
    expect(parse('20', '10').error?.issues[0]?.message).toBe(moneyOps.MSG_PAY_RANGE);
    expect(parse('1.234', '10').error?.issues[0]?.message).toBe('金额无效');
  });

  it('take only days that exist', () => {
    expect(promoOps.opsRunVip.request.parse({ day: '2024-02-29' })).toEqual({ day: '2024-02-29' });
    for (const day of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1']) {
      expect(promoOps.opsRunVip.request.safeParse({ day }).error?.issues[0]?.message, day).toBe(
        '日期格式：YYYY-MM-DD',
      );
    }
  });
});
