import {
  MSG_BLACKLIST_KIND,
  MSG_BLACKLIST_TAKEN,
  MSG_BLACKLIST_VALUE,
  MSG_BLACKLIST_VALUE_FORMAT,
  MSG_BLACKLISTED,
  type BlacklistRow,
} from '@app/contract/console-blacklist';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from '../../../test/console-helpers';
import { dataOf, idem } from '../../../test/helpers';
import { readyMember } from '../withdrawals/test-support';
import { auditLog } from '../../db/schema/operators';
import { users } from '../../db/schema/accounts';
import { isBlacklisted, normaliseBlacklistValue } from './blacklist';

const suite = consoleSuite('risk');
const add = (kind: string, value: string, reason = '测试') =>
  suite.operator.post('/api/blacklist/add', { kind, value, reason });
const register = (name: string, opts: { ip?: string; device?: string } = {}) =>
  suite.t.post(
    '/api/register',
    {
      name,
      password: 'secret123',
      confirmPass: 'secret123',
      code: 'abcd',
      ...(opts.device ? { device_id: opts.device } : {}),
    },
    { remoteAddress: opts.ip ?? '127.0.0.1' },
  );
const uniqueName = () => `bl${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);

describe('blacklist', () => {
  it('normalises values: card and mobile digits, wallet in lower case, USDT as it is', () => {
    expect(normaliseBlacklistValue('card', ' 6222 0202-0011 2233 ')).toBe('6222020200112233');
    expect(normaliseBlacklistValue('mobile', '139 1234 5678')).toBe('13912345678');
    expect(normaliseBlacklistValue('wallet', ' Foo@Example.com ')).toBe('foo@example.com');
    expect(normaliseBlacklistValue('usdt', ' TXyzAbc ')).toBe('TXyzAbc');
    expect(normaliseBlacklistValue('ip', ' 10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('adds (normalised, once), lists, removes, with messages and audit rows', async () => {
    expect((await add('', '1')).body?.message).toBe(MSG_BLACKLIST_KIND);
    expect((await add('card', '   ')).body?.message).toBe(MSG_BLACKLIST_VALUE);
    expect((await add('card', '--')).body?.message).toBe(MSG_BLACKLIST_VALUE_FORMAT);
    const row = dataOf<BlacklistRow>(await add('card', '6222 1111 2222 3333', '盗卡'));
    expect(row).toMatchObject({ kind: 'card', value: '6222111122223333', reason: '盗卡' });
    expect((await add('card', '6222111122223333')).body?.message).toBe(MSG_BLACKLIST_TAKEN);
    expect(await isBlacklisted(suite.t.db, 'card', '6222-1111-2222-3333')).toBe(true);

    const list = dataOf<{ total: number; items: BlacklistRow[] }>(
      await suite.operator.get('/api/blacklist', { kind: 'card', q: '6222 1111' }),
    );
    expect(list.items.map((r) => r.id)).toEqual([row.id]);

    const removed = await suite.operator.post('/api/blacklist/remove', { id: row.id });
    expect(removed.status).toBe(200);
    expect(await isBlacklisted(suite.t.db, 'card', '6222111122223333')).toBe(false);
    const audits = await suite.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'blacklist'), eq(auditLog.targetId, String(row.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['blacklist.add', 'blacklist.remove']);
  });

  it('refuses registration from a blacklisted address or device with the neutral message', async () => {
    await add('ip', '10.66.0.1');
    await add('device', 'dev-blacklisted-0001');
    const byIp = uniqueName();
    const r1 = await register(byIp, { ip: '10.66.0.1' });
    expect(r1.body?.message).toBe(MSG_BLACKLISTED);
    const r2 = await register(uniqueName(), { ip: '10.66.0.2', device: 'dev-blacklisted-0001' });
    expect(r2.body?.message).toBe(MSG_BLACKLISTED);
    expect(await suite.t.db.$count(users, eq(users.username, byIp))).toBe(0);
    const ok = await register(uniqueName(), { ip: '10.66.0.2', device: 'dev-clean-000000001' });
    expect(ok.body?.code).toBe(200);
  });

  it('refuses binding a blacklisted card, USDT address or mobile with the neutral message', async () => {
    const m = await suite.t.newMember();
    await add('card', '6222 9999 8888 7777');
    await add('usdt', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await add('mobile', '13700001111');
    const bind = (body: Record<string, string>) =>
      suite.t.post('/api/bindcard', { ...body, pay_pass: m.password }, { token: m.token });
    const card = await bind({
      bank: '招商银行',
      bank_owner: '张三',
      bank_no: '6222999988887777',
      bank_address: '深圳',
    });
    expect(card.body?.message).toBe(MSG_BLACKLISTED);
    const usdt = await bind({
      bank: 'USDT',
      bank_owner: 'TRC20',
      bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(usdt.body?.message).toBe(MSG_BLACKLISTED);
    const mobile = await suite.t.post(
      '/api/auth/updateuserinfo',
      { mobile: '13700001111', email: 'kept-out@example.com' },
      { token: m.token },
    );
    expect(mobile.body?.message).toBe(MSG_BLACKLISTED);
    const [u] = await suite.t.db
      .select({ mobile: users.mobile, email: users.email })
      .from(users)
      .where(eq(users.id, m.id));
    // Nothing of the refused save is kept, the email included.
    expect(u).toEqual({ mobile: '', email: '' });
    const fine = await bind({
      bank: '招商银行',
      bank_owner: '张三',
      bank_no: '6222999988886666',
      bank_address: '深圳',
    });
    expect(fine.body?.code).toBe(200);
  });

  it('refuses a withdrawal to a blacklisted card (bound before) or Alipay account, nothing debited', async () => {
    const m = await readyMember(suite.t);
    const withdraw = (body: Record<string, unknown>) =>
      suite.t.post(
        '/api/withdraw',
        { amount: 100, password: 'secret123', ...body },
        { token: m.token, headers: idem() },
      );
    await add('wallet', 'Black@Example.com');
    const fields = {
      type: 'alipay',
      amount: '100',
      password: 'secret123',
      alipay_account: 'black@example.com',
      alipay_name: '张三',
    };
    const body = Object.entries(fields)
      .map(([k, v]) => `--b0undary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const ali = await suite.t.app.inject({
      method: 'POST',
      url: '/api/withdraw',
      payload: Buffer.from(`${body}--b0undary--\r\n`),
      headers: {
        authorization: `Bearer ${m.token}`,
        'content-type': 'multipart/form-data; boundary=b0undary',
        ...idem(),
      },
    });
    expect((JSON.parse(ali.body) as { message: string }).message).toBe(MSG_BLACKLISTED);
    await add('card', m.cardNo);
    expect((await withdraw({ type: 'bank', bank: m.bank })).body?.message).toBe(MSG_BLACKLISTED);
    expect((await withdraw({ type: 'usdt', bank: m.usdt })).body?.code).toBe(200);
    await expect(suite.t.ledgerCheck()).resolves.toMatchObject({ ok: true });
  });
});
