import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { setClock } from '../../core/clock';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dataOf } from '../../../test/helpers';
import { MSG_OLD_PASSWORD_WRONG } from './service';
import { memberTestApp, refused, t } from './test-support';

memberTestApp();

/* Profile ------------------------------------------------------------------------------------------ */

describe('updateuserinfo', () => {
  it('saves mobile, email and birthday; /api/user shows them; empty fields stay as they were', async () => {
    const m = await t.newMember();
    const r = await t.post(
      '/api/updateuserinfo',
      { mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-06' },
      { token: m.token },
    );
    expect(r.body?.message).toBe('修改成功');
    dataOf(r);
    const info = dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect([info.mobile, info.email, info.birthday]).toEqual(['13812345678', 'me@example.com', '1990-05-06']);

    dataOf(await t.post('/api/updateuserinfo', { mobile: '', email: 'new@example.com' }, { token: m.token }));
    const after = dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect([after.mobile, after.email, after.birthday]).toEqual([
      '13812345678',
      'new@example.com',
      '1990-05-06',
    ]);
  });

  it.each([
    ['mobile too short', { mobile: '1381234567' }, '请输入正确手机号'],
    ['mobile 12…', { mobile: '12812345678' }, '请输入正确手机号'],
    ['mobile with letters', { mobile: '1381234567a' }, '请输入正确手机号'],
    ['mobile as a number', { mobile: 13812345678 }, '请输入正确手机号'],
    ['email without domain', { email: 'me@example' }, '请输入正确邮箱号'],
    ['email with a space', { email: 'me @example.com' }, '请输入正确邮箱号'],
    ['email too long', { email: `${'a'.repeat(60)}@example.com` }, '请输入正确邮箱号'],
    ['birthday with slashes', { birthday: '1990/01/01' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday that does not exist', { birthday: '1990-02-30' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday as an array', { birthday: ['1990-01-01'] }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday before 1980-01-01', { birthday: '1979-12-31' }, '出生日期不能早于1980-01-01'],
    // Spec §5's order: mobile, then email, then birthday.
    ['all three wrong', { mobile: '1', email: 'x', birthday: 'y' }, '请输入正确手机号'],
    ['email and birthday wrong', { mobile: '13812345678', email: 'x', birthday: 'y' }, '请输入正确邮箱号'],
  ])('refuses %s', async (_label, body, message) => {
    const m = await t.newMember();
    expect(refused(await t.post('/api/updateuserinfo', body, { token: m.token }))).toEqual([400, message]);
    const info = dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect([info.mobile, info.email, info.birthday]).toEqual(['', '', '']);
  });

  it('refuses a birthday after today (Beijing day)', async () => {
    const m = await t.newMember();
    setClock(Date.parse('2026-03-01T15:30:00Z')); // 2026-03-01 23:30 Beijing
    expect(
      refused(await t.post('/api/updateuserinfo', { birthday: '2026-03-02' }, { token: m.token })),
    ).toEqual([400, '出生日期不能晚于今天']);
    dataOf(await t.post('/api/updateuserinfo', { birthday: '2026-03-01' }, { token: m.token }));
  });

  it('needs a member; the trial account cannot change the shared profile', async () => {
    expect(refused(await t.post('/api/updateuserinfo', { email: 'a@b.cn' }))).toEqual([401, '请先登录']);
    const trial = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    expect(refused(await t.post('/api/updateuserinfo', { email: 'a@b.cn' }, { token: trial }))).toEqual([
      403,
      '试玩账号不支持此操作',
    ]);
  });
});

/* Login password ----------------------------------------------------------------------------------- */

describe('editPassword', () => {
  const change = (token: string, body: unknown) => t.post('/api/editPassword', body, { token });

  it('changes the login password: every other session ends, the current one stays', async () => {
    const m = await t.newMember();
    const phone = await t.login(m.name, m.password);
    const tablet = await t.login(m.name, m.password);

    const r = await change(m.token, { password: m.password, paypassword: 'brandnew1' });
    expect(r.body?.message).toBe('密码修改成功！');
    dataOf(r);

    for (const other of [phone, tablet]) {
      expect(refused(await t.post('/api/user', {}, { token: other }))).toEqual([
        401,
        '登录已过期，请重新登录',
      ]);
    }
    dataOf(await t.post('/api/user', {}, { token: m.token }));
    expect(refused(await t.post('/api/login_pc', { name: m.name, password: m.password }))).toEqual([
      400,
      '账号或密码错误',
    ]);
    const fresh = await t.login(m.name, 'brandnew1');
    dataOf(await t.post('/api/user', {}, { token: fresh }));
    // The payment password is a different secret and did not change.
    dataOf(
      await t.post(
        '/api/editPayPassword',
        { password: m.password, paypassword: 'newpay123' },
        { token: fresh },
      ),
    );
  });

  it('refuses a wrong old password and ends nothing', async () => {
    const m = await t.newMember();
    const other = await t.login(m.name, m.password);
    expect(refused(await change(m.token, { password: 'wrong-old', paypassword: 'brandnew1' }))).toEqual([
      400,
      MSG_OLD_PASSWORD_WRONG,
    ]);
    dataOf(await t.post('/api/user', {}, { token: other }));
    await t.login(m.name, m.password);
  });

  it.each([
    ['nothing', {}, '请输入旧密码'],
    ['old missing', { paypassword: 'brandnew1' }, '请输入旧密码'],
    ['old empty', { password: '', paypassword: 'brandnew1' }, '请输入旧密码'],
    ['new missing', { password: 'secret123' }, '请输入新密码'],
    ['new empty', { password: 'secret123', paypassword: '' }, '请输入新密码'],
    ['both empty', { password: '', paypassword: '' }, '请输入旧密码'],
    ['old too short', { password: '12345', paypassword: 'brandnew1' }, '请输入正确的旧密码长度'],
    ['old too long', { password: 'x'.repeat(17), paypassword: 'brandnew1' }, '请输入正确的旧密码长度'],
    ['old huge', { password: 'x'.repeat(5000), paypassword: 'brandnew1' }, '请输入正确的旧密码长度'],
    ['new too short', { password: 'secret123', paypassword: '12345' }, '请输入正确的新密码长度'],
    ['new too long', { password: 'secret123', paypassword: 'y'.repeat(17) }, '请输入正确的新密码长度'],
    ['both too short', { password: '1', paypassword: '2' }, '请输入正确的旧密码长度'],
    ['new equals old', { password: 'secret123', paypassword: 'secret123' }, '新旧密码不能一致！'],
    ['a number', { password: 12345678, paypassword: 'brandnew1' }, '请输入旧密码'],
  ])('refuses %s', async (_label, body, message) => {
    const m = await t.newMember();
    expect(refused(await change(m.token, body))).toEqual([400, message]);
    await t.login(m.name, m.password);
  });

  it('limits guesses of the old password per session (10 a minute)', async () => {
    const m = await t.newMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await change(m.token, { password: `guess${i}xx`, paypassword: 'brandnew1' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(refused(await change(m.token, { password: m.password, paypassword: 'brandnew1' }))).toEqual([
      429,
      '操作过于频繁，请稍后再试',
    ]);
    // Another member from the same address is not affected.
    const other = await t.newMember();
    expect(refused(await change(other.token, { password: 'nope1234', paypassword: 'brandnew1' }))).toEqual([
      400,
      MSG_OLD_PASSWORD_WRONG,
    ]);
  });

  it('two changes at once from the same old password: exactly one wins', async () => {
    const m = await t.newMember();
    const second = await t.login(m.name, m.password);
    const replies = await Promise.all([
      change(m.token, { password: m.password, paypassword: 'firstnew1' }),
      change(second, { password: m.password, paypassword: 'secondnew2' }),
    ]);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const lost = replies.find((r) => r.status !== 200);
    // The loser was told the old password is wrong, or its session was already ended by the winner.
    expect([
      [400, MSG_OLD_PASSWORD_WRONG],
      [401, '登录已过期，请重新登录'],
    ]).toContainEqual(lost && refused(lost));
    const winner = replies[0]?.status === 200 ? 'firstnew1' : 'secondnew2';
    await t.login(m.name, winner);
  });

  it('needs a member; the trial account cannot change the shared password', async () => {
    expect(
      refused(await t.post('/api/editPassword', { password: 'secret123', paypassword: 'x1234567' })),
    ).toEqual([401, '请先登录']);
    const trial = await t.login(TRIAL_ACCOUNT.name, TRIAL_ACCOUNT.password);
    expect(
      refused(await change(trial, { password: TRIAL_ACCOUNT.password, paypassword: 'x1234567' })),
    ).toEqual([403, '试玩账号不支持此操作']);
  });

  it('never writes a password to the log', async () => {
    const logged = await buildTestApp({ captureLogs: true });
    try {
      const m = await logged.newMember();
      await logged.post(
        '/api/editPassword',
        { password: 'wrong-old1', paypassword: 'LeakCheck77' },
        { token: m.token },
      );
      await logged.post(
        '/api/editPassword',
        { password: m.password, paypassword: 'LeakCheck88' },
        { token: m.token },
      );
      const text = logged.logs.join('');
      expect(text).not.toBe('');
      for (const secret of ['wrong-old1', 'LeakCheck77', 'LeakCheck88', m.password])
        expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

/* Payment password (editPayPassword is the withdrawal module's; the rules of spec §5 are the same) --- */

describe('editPayPassword', () => {
  it.each([
    [{ password: '', paypassword: 'newpay123' }, '请输入旧密码'],
    [{ password: 'secret123', paypassword: '' }, '请输入新密码'],
    [{ password: '123', paypassword: 'newpay123' }, '请输入正确的旧密码长度'],
    [{ password: 'secret123', paypassword: '123' }, '请输入正确的新密码长度'],
    [{ password: 'secret123', paypassword: 'secret123' }, '新旧密码不能一致！'],
  ])('refuses %o', async (body, message) => {
    const m = await t.newMember();
    expect(refused(await t.post('/api/editPayPassword', body, { token: m.token }))).toEqual([400, message]);
  });
});

/* Bet records -------------------------------------------------------------------------------------- */

describe('betrecord', () => {
  it('answers a new member an empty page with no totals (bets: bets.test.ts)', async () => {
    const m = await t.newMember();
    expect(
      dataOf(await t.post('/api/betrecord', { date: 2, page: 1, api_type: 'AG' }, { token: m.token })),
    ).toEqual({
      data: [],
      total: 0,
      current_page: 1,
      last_page: 1,
      sum: null,
    });
    expect(dataOf(await t.post('/api/betrecord', undefined, { token: m.token }))).toMatchObject({ total: 0 });
  });

  it('checks its filters and needs a member', async () => {
    const m = await t.newMember();
    expect(refused(await t.post('/api/betrecord', { date: 9 }, { token: m.token }))).toEqual([
      400,
      '日期筛选无效',
    ]);
    expect(refused(await t.post('/api/betrecord', { api_type: '../x' }, { token: m.token }))).toEqual([
      400,
      '场馆无效',
    ]);
    expect(refused(await t.post('/api/betrecord', { page: -1 }, { token: m.token }))).toEqual([
      400,
      '页码无效',
    ]);
    expect(refused(await t.post('/api/betrecord', {}))).toEqual([401, '请先登录']);
  });
});
