/* Spec §5's validation messages that live in the contract: the first issue of each request must be
 * the spec's text, in the spec's order. One row per sentence of the spec. */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { login, register } from './auth-forms';
import { transfer } from './wallet';
import { bindCard, deposit } from './cashier';
import { bindMobile, changePayPassword, withdraw, withdrawByQrcode } from './withdrawals';
import { changePassword, updateProfile } from './member';
import { applyAgent } from './agents';
import { lotteryOrder } from './lottery';

type Row = [label: string, input: unknown, expected: string];

function firstMessage(schema: z.ZodMiniType, input: unknown): string {
  const r = schema.safeParse(input);
  return r.success ? 'OK' : (r.error.issues[0]?.message ?? '');
}

function table(schema: z.ZodMiniType, rows: Row[]) {
  it.each(rows)('%s', (_, input, expected) => expect(firstMessage(schema, input)).toBe(expected));
}

describe('registration, in order', () => {
  const ok = { name: 'player01', password: 'secret1', confirmPass: 'secret1', code: 'ab12' };
  table(register.request, [
    ['everything missing → username first', {}, '用户名长度6~16位，以字母或数字组合！'],
    ['username under 6', { ...ok, name: 'abc' }, '用户名长度6~16位，以字母或数字组合！'],
    ['username over 16', { ...ok, name: 'a'.repeat(17) }, '用户名长度6~16位，以字母或数字组合！'],
    ['username not letters/digits', { ...ok, name: 'player 01' }, '用户名长度6~16位，以字母或数字组合！'],
    [
      'username bad and password bad → username',
      { ...ok, name: 'ab', password: '1' },
      '用户名长度6~16位，以字母或数字组合！',
    ],
    ['password missing', { ...ok, password: undefined }, '请输入正确的密码长度，最少6位！'],
    [
      'password under 6',
      { ...ok, password: '12345', confirmPass: '12345' },
      '请输入正确的密码长度，最少6位！',
    ],
    [
      'password bad and confirm bad → password',
      { ...ok, password: '1', confirmPass: 'x' },
      '请输入正确的密码长度，最少6位！',
    ],
    ['confirm missing', { ...ok, confirmPass: undefined }, '两次密码不一致！'],
    ['confirm different', { ...ok, confirmPass: 'secret2' }, '两次密码不一致！'],
    ['all good', ok, 'OK'],
  ]);
});

describe('login', () => {
  table(login.request, [
    ['name missing', { password: 'secret1' }, '请输入您的账号和密码！'],
    ['password empty', { name: 'player01', password: '' }, '请输入您的账号和密码！'],
    ['all good', { name: 'player01', password: 'secret1' }, 'OK'],
  ]);
});

describe('withdraw (JSON: bank card, USDT)', () => {
  const bank = { type: 'bank', amount: '100', bank: 3, password: '123456' };
  table(withdraw.request, [
    ['amount under 100', { ...bank, amount: '99.99' }, '单笔取款不能低于100元'],
    ['amount empty', { ...bank, amount: '' }, '单笔取款不能低于100元'],
    ['amount missing', { ...bank, amount: undefined }, '单笔取款不能低于100元'],
    ['amount negative', { ...bank, amount: -500 }, '单笔取款不能低于100元'],
    ['amount not a number', { ...bank, amount: 'abc' }, '金额无效，无法提交'],
    ['amount with fractional cents', { ...bank, amount: '100.001' }, '金额最多只能有两位小数'],
    ['amount as an exponent', { ...bank, amount: '1e3' }, '金额无效，无法提交'],
    ['no bank card chosen', { ...bank, bank: '' }, '请选择您要提现到的银行卡'],
    ['no USDT address chosen', { ...bank, type: 'usdt', bank: undefined }, '请选择USDT地址'],
    ['amount bad and no card → amount first', { ...bank, amount: '50', bank: '' }, '单笔取款不能低于100元'],
    ['no password', { ...bank, password: '' }, '请输入您的支付密码'],
    [
      'card missing and password missing → card first',
      { ...bank, bank: undefined, password: '' },
      '请选择您要提现到的银行卡',
    ],
    ['wrong method', { ...bank, type: 'paypal' }, '请选择正确的取款方式'],
    ['alipay is not a JSON withdrawal', { ...bank, type: 'alipay' }, '请选择正确的取款方式'],
    ['bank card, all good', bank, 'OK'],
    [
      'USDT, all good (string amount with cents)',
      { ...bank, type: 'usdt', amount: '150.50', bank: '7' },
      'OK',
    ],
  ]);
  it('parses to cents and a card id', () =>
    expect(withdraw.request.parse({ ...bank, amount: '150.50', bank: '7' })).toEqual({
      type: 'bank',
      amount: 15050,
      bank: 7,
      password: '123456',
    }));
});

describe('withdraw (multipart: alipay, wechat QR code)', () => {
  const alipay = {
    type: 'alipay',
    amount: '200',
    password: '123456',
    alipay_account: 'a@b.cn',
    alipay_name: '张三',
  };
  table(withdrawByQrcode.request, [
    ['amount under 100', { ...alipay, amount: '10' }, '单笔取款不能低于100元'],
    ['no password', { ...alipay, password: '' }, '请输入您的支付密码'],
    ['no alipay account', { ...alipay, alipay_account: ' ' }, '请输入支付宝账号'],
    ['no real name', { ...alipay, alipay_name: undefined }, '请输入真实姓名'],
    [
      'account and name missing → account first',
      { ...alipay, alipay_account: '', alipay_name: '' },
      '请输入支付宝账号',
    ],
    [
      'wechat: text fields only (the file is checked by the server)',
      { type: 'wechat', amount: '300', password: '123456' },
      'OK',
    ],
    ['bank is not a multipart withdrawal', { ...alipay, type: 'bank' }, '请选择正确的取款方式'],
    ['alipay, all good', alipay, 'OK'],
  ]);
});

describe('bank card binding, in the form order, then lengths', () => {
  const card = {
    bank_owner: '张三',
    bank: '中国银行',
    bank_address: '北京分行',
    bank_no: '6222020200112233',
    pay_pass: '123456',
  };
  table(bindCard.request, [
    ['everything missing → name first', {}, '请输入姓名'],
    ['no name', { ...card, bank_owner: ' ' }, '请输入姓名'],
    ['no bank', { ...card, bank: '' }, '请输入银行'],
    ['no branch', { ...card, bank_address: undefined }, '请输入开户行地址'],
    ['no card number', { ...card, bank_no: '' }, '请输入银行卡号'],
    ['no payment password', { ...card, pay_pass: '' }, '请输入支付密码'],
    ['short card number', { ...card, bank_no: '1234567' }, '请输入正确的卡号长度'],
    [
      'short card number and no password → password first',
      { ...card, bank_no: '1234', pay_pass: '' },
      '请输入支付密码',
    ],
    ['card number with letters', { ...card, bank_no: '6222abcd0011' }, '银行卡号只能包含数字'],
    ['payment password under 6', { ...card, pay_pass: '12345' }, '请输入支付密码长度'],
    ['payment password over 18', { ...card, pay_pass: '1'.repeat(19) }, '请输入支付密码长度'],
    ['a 10 KB card number', { ...card, bank_no: '1'.repeat(10_240) }, '请输入正确的卡号长度'],
    ['all good', card, 'OK'],
  ]);
  it('parses to a bank card (type 1), card number without spaces', () =>
    expect(bindCard.request.parse({ ...card, bank_no: '6222 0202 0011 2233' })).toMatchObject({
      type: 1,
      bank_no: '6222020200112233',
    }));
});

describe("USDT binding (bank 'USDT', bank_owner the protocol, bank_no the address)", () => {
  const usdt = {
    bank: 'USDT',
    bank_owner: 'TRC20',
    bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    pay_pass: '123456',
  };
  table(bindCard.request, [
    ['no address', { ...usdt, bank_no: '' }, '请输入USDT地址'],
    ['no protocol', { ...usdt, bank_owner: '' }, '请选择钱包协议'],
    ['unknown protocol', { ...usdt, bank_owner: 'BEP20' }, '请选择钱包协议'],
    ['no payment password', { ...usdt, pay_pass: '' }, '请输入支付密码'],
    [
      'address and protocol missing → address first',
      { ...usdt, bank_no: '', bank_owner: '' },
      '请输入USDT地址',
    ],
    [
      'a TRC20 protocol with an ERC20 address',
      { ...usdt, bank_no: '0x52908400098527886E0F7030069857D2E4169EE7' },
      '请输入正确的USDT地址',
    ],
    ['payment password under 6', { ...usdt, pay_pass: '1' }, '请输入支付密码长度'],
    ['TRC20, all good', usdt, 'OK'],
    [
      'ERC20, all good',
      { ...usdt, bank_owner: 'erc20', bank_no: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'OK',
    ],
  ]);
  it('parses to a USDT address (type 2), protocol upper-cased', () =>
    expect(bindCard.request.parse({ ...usdt, bank: 'usdt', bank_owner: 'trc20' })).toMatchObject({
      type: 2,
      bank: 'USDT',
      bank_owner: 'TRC20',
    }));
});

describe('phone binding', () => {
  table(bindMobile.request, [
    ['missing', {}, '请输入正确的手机号'],
    ['10 digits', { mobile: '1381234567' }, '请输入正确的手机号'],
    ['second digit 2', { mobile: '12812345678' }, '请输入正确的手机号'],
    ['12 digits', { mobile: '138123456789' }, '请输入正确的手机号'],
    ['all good', { mobile: '13812345678' }, 'OK'],
  ]);
});

describe('profile', () => {
  table(updateProfile.request, [
    ['bad mobile', { mobile: '1234' }, '请输入正确手机号'],
    ['bad mobile and bad email → mobile first', { mobile: '1234', email: 'x' }, '请输入正确手机号'],
    ['bad email', { email: 'not-an-email' }, '请输入正确邮箱号'],
    ['birthday not YYYY-MM-DD', { birthday: '1990/01/01' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday that does not exist', { birthday: '1990-02-30' }, '请输入正确的日期格式：YYYY-MM-DD'],
    ['birthday before 1980-01-01', { birthday: '1979-12-31' }, '出生日期不能早于1980-01-01'],
    ['birthday on 1980-01-01', { birthday: '1980-01-01' }, 'OK'],
    [
      'real name with a digit → before the mobile',
      { realname: '王1', mobile: '1234' },
      '请输入正确的真实姓名',
    ],
    ['real name of one character', { realname: '王' }, '请输入正确的真实姓名'],
    ['real name over 20', { realname: '王'.repeat(21) }, '请输入正确的真实姓名'],
    ['real name with a middle dot', { realname: '阿不都·热合曼' }, 'OK'],
    ['all good', { mobile: '13812345678', email: 'a@b.cn', birthday: '1990-05-01' }, 'OK'],
  ]);
  it("'' and missing fields are left as they are (null)", () =>
    expect(updateProfile.request.parse({ mobile: '', email: 'a@b.cn' })).toEqual({
      realname: null,
      mobile: null,
      email: 'a@b.cn',
      birthday: null,
    }));
});

describe('agent application', () => {
  table(applyAgent.request, [
    ['bad mobile', { mobile: '23812345678', apply_info: '我想加入' }, '请输入正确手机号'],
    ['no reason', { mobile: '13812345678', apply_info: '  ' }, '请输入申请理由'],
    ['both bad → mobile first', { apply_info: '' }, '请输入正确手机号'],
    ['all good', { mobile: '13812345678', apply_info: '我想加入' }, 'OK'],
  ]);
});

describe('password change (login and payment), the server-side part', () => {
  for (const call of [changePassword, changePayPassword]) {
    describe(call.name, () => {
      table(call.request, [
        ['old missing', { paypassword: 'newpass1' }, '请输入旧密码'],
        ['old empty and new empty → old first', { password: '', paypassword: '' }, '请输入旧密码'],
        ['new empty', { password: 'oldpass1', paypassword: '' }, '请输入新密码'],
        ['old short and new missing → new first', { password: '123', paypassword: '' }, '请输入新密码'],
        ['old short', { password: '123', paypassword: 'newpass1' }, '请输入正确的旧密码长度'],
        ['new short', { password: 'oldpass1', paypassword: '123' }, '请输入正确的新密码长度'],
        ['new equals old', { password: 'oldpass1', paypassword: 'oldpass1' }, '新旧密码不能一致！'],
        ['all good', { password: 'oldpass1', paypassword: 'newpass1' }, 'OK'],
      ]);
    });
  }
  it('login password at most 16, payment password at most 18', () => {
    const p17 = 'p'.repeat(17);
    expect(firstMessage(changePassword.request, { password: 'oldpass1', paypassword: p17 })).toBe(
      '请输入正确的新密码长度',
    );
    expect(firstMessage(changePayPassword.request, { password: 'oldpass1', paypassword: p17 })).toBe('OK');
  });
});

describe('transfer', () => {
  const ok = { amount: '50', sourcetype: 'userbalance', targettype: 'ag' };
  table(transfer.request, [
    ['no amount', { ...ok, amount: '' }, '请输入操作金额！'],
    ['amount missing', { sourcetype: 'userbalance', targettype: 'ag' }, '请输入操作金额！'],
    ['negative amount', { ...ok, amount: '-5' }, '金额无效，无法提交'],
    ['venue to venue', { ...ok, sourcetype: 'ag', targettype: 'pp' }, '场馆内钱包不支持互转'],
    ['central to central', { ...ok, targettype: 'userbalance' }, '转出钱包和转入钱包不能相同'],
    ['into a venue', ok, 'OK'],
    ['out of a venue', { ...ok, sourcetype: 'ag', targettype: 'userbalance' }, 'OK'],
  ]);
});

describe('bank deposit', () => {
  const bankDeposit = {
    paytype: 'bank',
    amount: '500',
    bank_owner: '张三',
    bank: '工商银行',
    bank_no: '6222020200112233',
    bank_address: '上海分行',
  };
  table(deposit.request, [
    ['no depositor name', { ...bankDeposit, bank_owner: '' }, '请输入存款人姓名'],
    ['no bank type', { ...bankDeposit, bank: '' }, '请输入银行类型'],
    ['no card number', { ...bankDeposit, bank_no: undefined }, '请输入银行卡号'],
    ['no branch', { ...bankDeposit, bank_address: '' }, '请输入银行开户行地址'],
    ['letters in the card number', { ...bankDeposit, bank_no: '12ab' }, '银行卡号只能包含数字'],
    ['card number with the spaces typed', { ...bankDeposit, bank_no: '6222 0202 0011 2233' }, 'OK'],
    ['name and bank missing → name first', { ...bankDeposit, bank_owner: '', bank: '' }, '请输入存款人姓名'],
    ['all good', bankDeposit, 'OK'],
    ['USDT, protocol defaults to TRC20', { paytype: 'usdt', amount: 100 }, 'OK'],
    ['USDT, unknown protocol', { paytype: 'usdt', amount: 100, catepay: 'BEP20' }, '请选择钱包协议'],
    ['unknown method', { paytype: 'paypal', amount: 100 }, '请选择充值方式'],
  ]);
});

describe('bet', () => {
  const ok = { room_id: 1, expect: '20261122001', order: [{ id: 3, total: '10', data: [] }] };
  table(lotteryOrder.request, [
    ['no lines', { ...ok, order: [] }, '请选择投注内容'],
    ['order missing', { room_id: 1, expect: '20261122001' }, '请选择投注内容'],
    ['line under 1 yuan', { ...ok, order: [{ id: 3, total: '0.5', data: [] }] }, '单注金额不能低于1元'],
    ['line without amount', { ...ok, order: [{ id: 3, total: '' }] }, '请输入投注金额'],
    ['number outside 1–49', { ...ok, order: [{ id: 3, total: 10, data: [50] }] }, '号码无效'],
    ['all good', ok, 'OK'],
  ]);
});
