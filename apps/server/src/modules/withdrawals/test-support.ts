/**
 * Test helpers for the money calls (used by the withdrawals and cashier tests only): a member ready
 * to withdraw.
 */
import { dataOf, type TestApp } from '../../../test/helpers';

export const USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export function firstId(list: { id: number }[]): number {
  const id = list[0]?.id;
  if (id === undefined) throw new Error('no card');
  return id;
}

/** A member with money, a bank card, a USDT address and a bound mobile (password secret123). */
export async function readyMember(t: TestApp, yuan = '1000.00') {
  const m = await t.newMember();
  await t.fund(m.id, yuan);
  dataOf(
    await t.post(
      '/api/bindcard',
      {
        bank: '招商银行',
        bank_owner: '张三',
        bank_no: '6222 0000 1111 2222',
        bank_address: '深圳',
        pay_pass: 'secret123',
      },
      { token: m.token },
    ),
  );
  dataOf(
    await t.post(
      '/api/bindcard',
      { bank: 'USDT', bank_owner: 'TRC20', bank_no: USDT_ADDRESS, pay_pass: 'secret123' },
      { token: m.token },
    ),
  );
  dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13812345678' }, { token: m.token }));
  const bank = firstId(dataOf(await t.post('/api/getcard', { type: 1 }, { token: m.token })));
  const usdt = firstId(dataOf(await t.post('/api/getcard', { type: 2 }, { token: m.token })));
  return { ...m, bank, usdt };
}
