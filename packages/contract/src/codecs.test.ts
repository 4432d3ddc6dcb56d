import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AmountField,
  AmountInput,
  DateTime,
  Flag,
  formatCents,
  formatDateTime,
  IdField,
  IdLike,
  IntChoice,
  IntLike,
  ListOf,
  Money,
  MoneyOrZero,
  OptionalDateTime,
  OptionalObject,
  PageInput,
  PageOf,
  parseDateTime,
  SafeUrl,
  TextLike,
  toCents,
  VipLevel,
} from './codecs';
import { UserInfo } from './auth';
import { register } from './auth-forms';
import { Banner } from './site';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? 'OK' : r.error.issues[0]?.message;
};

const wireUser = { username: 'player01', balance: '100.00', vip: 'P3' };

describe('user id arrives as id, user_id or uid (auth.ts UserInfo)', () => {
  it('id', () => expect(UserInfo.parse({ ...wireUser, id: 7 }).id).toBe(7));
  it('user_id', () => expect(UserInfo.parse({ ...wireUser, user_id: 8 }).id).toBe(8));
  it('uid, as a numeric string', () => expect(UserInfo.parse({ ...wireUser, uid: '9' }).id).toBe(9));
  it('id wins over user_id and uid', () =>
    expect(UserInfo.parse({ ...wireUser, id: 1, user_id: 2, uid: 3 }).id).toBe(1));
  it('no id at all is refused', () => expect(UserInfo.safeParse(wireUser).success).toBe(false));
  it("blank id fields ('') are ignored", () =>
    expect(UserInfo.parse({ ...wireUser, id: '', uid: 5 }).id).toBe(5));
  it('only blank id fields are refused', () =>
    expect(UserInfo.safeParse({ ...wireUser, id: '', user_id: null }).success).toBe(false));
  it('normalises the rest to product words', () => {
    const u = UserInfo.parse({
      ...wireUser,
      id: 1,
      gameblance: 12.5,
      current_vip: 'VIP4',
      transferstatus: '1',
    });
    expect(u).toMatchObject({
      balance: 10000,
      gameBalance: 1250,
      vipLevel: 4,
      autoTransfer: true,
      isAgent: false,
    });
  });
});

describe('banner image arrives as src or pic (site.ts Banner)', () => {
  it('src', () => expect(Banner.parse({ src: '/a.png' })).toEqual({ src: '/a.png', link: '' }));
  it('pic', () =>
    expect(Banner.parse({ pic: '/b.png', url: '/#/activity' })).toEqual({
      src: '/b.png',
      link: '/#/activity',
    }));
  it('neither is refused', () => expect(Banner.safeParse({ src: null, pic: '' }).success).toBe(false));
});

describe('money arrives as a number or a decimal string', () => {
  it('number', () => expect(Money.parse(12)).toBe(1200));
  it('decimal string with two places', () => expect(Money.parse('100.00')).toBe(10000));
  it('number with one place', () => expect(Money.parse(12.3)).toBe(1230));
  it('negative number and string', () => {
    expect(Money.parse(-5.5)).toBe(-550);
    expect(Money.parse('-0.05')).toBe(-5);
  });
  it("'12.345' rounds half up to 1235, '12.344' to 1234", () => {
    expect(Money.parse('12.345')).toBe(1235);
    expect(Money.parse('12.344')).toBe(1234);
    expect(Money.parse(12.345)).toBe(1235);
  });
  it('negative zero reads as 0, not -0', () => {
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
    expect(Object.is(toCents('-0.004'), 0)).toBe(true);
  });
  it('garbage is refused', () => {
    for (const bad of [
      'abc',
      '12,00',
      '1e3',
      '',
      ' ',
      '12.',
      '.5',
      '+5',
      '¥12',
      Infinity,
      NaN,
      null,
      undefined,
      true,
    ]) {
      expect(Money.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
  it('beyond safe integers is refused', () =>
    expect(Money.safeParse('99999999999999999999').success).toBe(false));
  it('MoneyOrZero: missing, null and empty read as 0; garbage is still refused', () => {
    expect(MoneyOrZero.parse(undefined)).toBe(0);
    expect(MoneyOrZero.parse(null)).toBe(0);
    expect(MoneyOrZero.parse('')).toBe(0);
    expect(MoneyOrZero.safeParse('abc').success).toBe(false);
  });
  it('formatCents writes the wire form', () => {
    expect(formatCents(1235)).toBe('12.35');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0n)).toBe('0.00');
  });
});

describe('dates arrive as Y-m-d H:i:s (Beijing), ISO or unix seconds', () => {
  const beijing10am = Date.UTC(2026, 10, 22, 2, 0, 0); // 2026-11-22 10:00:00 +08:00

  it("'Y-m-d H:i:s' is Beijing time", () => expect(DateTime.parse('2026-11-22 10:00:00')).toBe(beijing10am));
  it('ISO with Z', () => expect(DateTime.parse('2026-11-22T02:00:00Z')).toBe(beijing10am));
  it('ISO with +08:00', () => expect(DateTime.parse('2026-11-22T10:00:00+08:00')).toBe(beijing10am));
  it('ISO with milliseconds and another offset', () =>
    expect(DateTime.parse('2026-11-21T21:00:00.250-05:00')).toBe(beijing10am + 250));
  it('unix seconds', () => expect(DateTime.parse(beijing10am / 1000)).toBe(beijing10am));
  it('a date alone is Beijing midnight', () =>
    expect(DateTime.parse('2026-11-22')).toBe(Date.UTC(2026, 10, 21, 16)));
  it('29 February of a leap year exists', () => expect(parseDateTime('2024-02-29 00:00:00')).not.toBeNull());

  it('invalid dates are refused', () => {
    for (const bad of [
      'abc',
      '',
      '2026-13-01 00:00:00',
      '2026-11-22 24:00:00',
      '2026-11-22 10:60:00',
      '2025-02-29',
      '2026-11-22 10:00:00 GMT',
    ]) {
      expect(DateTime.safeParse(bad).success, bad).toBe(false);
    }
    expect(DateTime.safeParse(1e20).success).toBe(false);
  });

  it("does not use Date's string parser: '2026-02-30 10:00:00' is refused, not rolled over to 2 March", () => {
    expect(parseDateTime('2026-02-30 10:00:00')).toBeNull();
    expect(DateTime.safeParse('2026-02-30 10:00:00').success).toBe(false);
    // `new Date(string)` would accept these; the API family never sends them.
    expect(parseDateTime('Nov 22 2026 10:00:00')).toBeNull();
    expect(parseDateTime('2026/11/22 10:00:00')).toBeNull();
    // Date.UTC maps years 0–99 to 1900–1999; the year stays as written.
    expect(new Date(parseDateTime('0099-01-01 08:00:00') ?? NaN).getUTCFullYear()).toBe(99);
  });

  describe('whatever the machine time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
    });
    it('gives the same instant in New York and in Kolkata', () => {
      process.env.TZ = 'America/New_York';
      const a = DateTime.parse('2026-11-22 10:00:00');
      process.env.TZ = 'Asia/Kolkata';
      const b = DateTime.parse('2026-11-22 10:00:00');
      expect(a).toBe(beijing10am);
      expect(b).toBe(beijing10am);
      expect(formatDateTime(a)).toBe('2026-11-22 10:00:00');
    });
  });

  it('OptionalDateTime: missing, empty and unreadable read as null', () => {
    expect(OptionalDateTime.parse(undefined)).toBeNull();
    expect(OptionalDateTime.parse('')).toBeNull();
    expect(OptionalDateTime.parse('2026-02-30 10:00:00')).toBeNull();
    expect(OptionalDateTime.parse('2026-11-22 10:00:00')).toBe(beijing10am);
  });
});

describe("VIP arrives as 'P3', 'VIP3', '3' or 3", () => {
  it.each(['P3', 'VIP3', 'vip3', 'p3', '3', 3, ' VIP 3 '])('%s → 3', (v) =>
    expect(VipLevel.parse(v)).toBe(3),
  );
  it.each(['gold', '', 'P', 'V3', '3.5', null, undefined])('%s → 0 (no level)', (v) =>
    expect(VipLevel.parse(v)).toBe(0),
  );
  it('VIP10', () => expect(VipLevel.parse('VIP10')).toBe(10));
});

describe('an empty list arrives as [], null or not at all', () => {
  const Holder = z.object({ items: ListOf(z.object({ id: IntLike })) });
  it('[]', () => expect(Holder.parse({ items: [] }).items).toEqual([]));
  it('null', () => expect(Holder.parse({ items: null }).items).toEqual([]));
  it('missing', () => expect(Holder.parse({}).items).toEqual([]));
  it('items are parsed', () => expect(Holder.parse({ items: [{ id: '2' }] }).items).toEqual([{ id: 2 }]));
  it('a non-list is refused', () => expect(Holder.safeParse({ items: {} }).success).toBe(false));

  const Page = PageOf(z.object({ id: IntLike }));
  it('PageOf: data []', () =>
    expect(Page.parse({ data: [], total: 0 })).toMatchObject({ data: [], total: 0 }));
  it('PageOf: data null, total as a string', () =>
    expect(Page.parse({ data: null, total: '5', last_page: '1' })).toMatchObject({
      data: [],
      total: 5,
      last_page: 1,
    }));
  it('PageOf: data and total missing', () => expect(Page.parse({})).toMatchObject({ data: [], total: 0 }));
});

describe('AmountInput: what a member types', () => {
  it.each([
    ['100', 10000],
    [100, 10000],
    ['100.5', 10050],
    [100.5, 10050],
    [' 100.50 ', 10050],
    ['0.01', 1],
  ])('accepts %j → %i cents', (v, cents) => expect(AmountInput.parse(v)).toBe(cents));

  it.each([
    ['negative string', '-1'],
    ['negative number', -1],
    ['zero', 0],
    ['zero string', '0.00'],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['exponent', '1e5'],
    ['huge', '100000001'],
    ['huge number', 1e21],
    ['non-numeric', 'abc'],
    ['blank', ' '],
    ['missing', undefined],
    ['null', null],
    ['a 10 KB string', '1'.repeat(10_240)],
  ])('refuses %s with 金额无效，无法提交', (_, v) =>
    expect(firstMessage(AmountInput, v)).toBe('金额无效，无法提交'),
  );

  // 100.555 is a number inside most ranges: the member is told what is wrong with it.
  it.each([
    ['fractional cents', '1.005'],
    ['fractional cents (number)', 1.005],
    ['three decimals', '100.555'],
  ])('refuses %s with 金额最多只能有两位小数', (_, v) =>
    expect(firstMessage(AmountInput, v)).toBe('金额最多只能有两位小数'),
  );

  it("AmountField gives the screen's message when the amount is missing or blank", () => {
    const A = AmountField('请输入操作金额！');
    expect(firstMessage(A, undefined)).toBe('请输入操作金额！');
    expect(firstMessage(A, '')).toBe('请输入操作金额！');
    expect(firstMessage(A, '-3')).toBe('金额无效，无法提交');
    expect(A.parse('8.8')).toBe(880);
  });
});

describe('ids', () => {
  it('numbers and digit strings', () => {
    expect(IdLike.parse(12)).toBe(12);
    expect(IdLike.parse(' 12 ')).toBe(12);
  });
  it("'' is not id 0, nor are hex, exponents, fractions or negatives", () => {
    for (const bad of ['', ' ', '0x1F', '1e3', '1.5', 1.5, -1, '-1', 'abc']) {
      expect(IdLike.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
  it('IdField: ≥ 1 and the screen message', () => {
    const F = IdField('请选择您要提现到的银行卡');
    expect(firstMessage(F, undefined)).toBe('请选择您要提现到的银行卡');
    expect(firstMessage(F, '')).toBe('请选择您要提现到的银行卡');
    expect(firstMessage(F, 0)).toBe('请选择您要提现到的银行卡');
    expect(F.parse('3')).toBe(3);
  });
  it("register: an empty referrer ('') means none, not user 0", () => {
    const base = { name: 'player01', password: 'secret1', confirmPass: 'secret1' };
    expect(register.request.parse({ ...base, pid: '' }).pid).toBeNull();
    expect(register.request.parse({ ...base, pid: '12' }).pid).toBe(12);
    expect(register.request.parse(base).pid).toBeNull();
  });
});

describe('other wire shapes', () => {
  it('TextLike: numbers become text, missing becomes empty', () => {
    expect(TextLike.parse(20261122001)).toBe('20261122001');
    expect(TextLike.parse(null)).toBe('');
  });
  it('Flag: true, 1, "1" are on; the rest off', () => {
    expect([true, 1, '1', 'true'].map((v) => Flag.parse(v))).toEqual([true, true, true, true]);
    expect([false, 0, '0', '', null, undefined].map((v) => Flag.parse(v))).toEqual(Array(6).fill(false));
  });
  it('IntChoice: numbers or numeric strings from the list only', () => {
    const C = IntChoice([1, 2, 3, 4], '日期筛选无效');
    expect(C.parse('2')).toBe(2);
    expect(C.parse(4)).toBe(4);
    for (const bad of ['', '5', 0, '1.0x', 'a', undefined]) expect(firstMessage(C, bad)).toBe('日期筛选无效');
  });
  it('OptionalObject: PHP sends an empty object as []', () => {
    const O = OptionalObject(z.object({ a: IntLike }));
    expect(O.parse([])).toBeNull();
    expect(O.parse(null)).toBeNull();
    expect(O.parse(undefined)).toBeNull();
    expect(O.parse({ a: '1' })).toEqual({ a: 1 });
    expect(O.safeParse([1]).success).toBe(false);
  });
  it('SafeUrl: http(s) and same-site paths only', () => {
    expect(SafeUrl.parse('https://games.example/play?id=1')).toBe('https://games.example/play?id=1');
    expect(SafeUrl.parse('/demo/game/1')).toBe('/demo/game/1');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'https://a.example\\@evil.example',
      '/x\u0000.png',
      'data:text/html,x',
      '',
    ]) {
      expect(SafeUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
  it('PageInput: 1 when missing, refuses nonsense', () => {
    expect(PageInput.parse(undefined)).toBe(1);
    expect(PageInput.parse('3')).toBe(3);
    expect(firstMessage(PageInput, '0')).toBe('页码无效');
    expect(firstMessage(PageInput, 1.5)).toBe('页码无效');
  });
});
