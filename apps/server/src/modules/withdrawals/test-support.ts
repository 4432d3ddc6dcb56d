/**
 * Test helpers for the money calls (used by the withdrawals and cashier tests only): a member ready
 * to withdraw.
 */
import { boundLongAgo } from '../../../test/console-samples/money';
import { dataOf, type TestApp } from '../../../test/helpers';

export const USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export function firstId(list: { id: number }[]): number {
  const id = list[0]?.id;
  if (id === undefined) throw new Error('no card');
  return id;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A TRC20 address of its own for each number (base58 digits of n at the end of USDT_ADDRESS). */
export function usdtAddressOf(n: number): string {
  let tail = '';
  for (let x = n; x > 0 || tail.length < 6; x = Math.floor(x / 58)) tail = (BASE58[x % 58] ?? '1') + tail;
  return USDT_ADDRESS.slice(0, USDT_ADDRESS.length - tail.length) + tail;
}

/**
 * A member with money, a bank card, a USDT address (bound long ago: no hold) and a bound mobile
 * (password secret123), each of its own: one person's card or mobile on two accounts is what the first-deposit bonus looks for.
 */
export async function readyMember(t: TestApp, yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  const id = String(m.id).padStart(8, '0');
  const cardNo = `6222 0000 ${id.slice(0, 4)} ${id.slice(4)}`;
  const address = usdtAddressOf(m.id);
  const mobile = `139${id}`;
  dataOf(
    await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: `会员${m.id}`,
        bank_no: cardNo,
        bank_address: '深圳',
        pay_pass: 'secret123',
      },
      { token: m.token },
    ),
  );
  dataOf(
    await t.post(
      '/api/bindcard',
      { bank: 'USDT', bank_owner: 'TRC20', bank_no: address, pay_pass: 'secret123' },
      { token: m.token },
    ),
  );
  await boundLongAgo(t, m.id);
  dataOf(await t.post('/api/auth/updateuserinfo', { mobile }, { token: m.token }));
  const bank = firstId(dataOf(await t.post('/api/getcard', { type: 1 }, { token: m.token })));
  const usdt = firstId(dataOf(await t.post('/api/getcard', { type: 2 }, { token: m.token })));
  return { ...m, bank, usdt, cardNo, address, mobile };
}
