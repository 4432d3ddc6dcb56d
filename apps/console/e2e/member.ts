/* Member-side set-up for the console journeys: a pending deposit or withdrawal made through the
 * members' API (their screens have their own journeys in apps/web/e2e). Journeys import these from
 * fixtures.ts. */
import { expect, type Page } from '@playwright/test';
import { OPS_LIST_MAX } from '@app/contract/ops-fields';
import { opsCreditWallet, opsWithdrawals } from '@app/contract/ops-money';
import { MEMBER_URL, opsApi } from './operators';

export interface Member {
  name: string;
  password: string;
  token: string;
}

/** Calls the members' API as `member` (POST with the bearer token), for set-up. */
export async function memberApi(
  page: Page,
  member: Member,
  path: string,
  data: object = {},
  key?: string,
): Promise<{ code: number; message: string; data: unknown }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${member.token}` };
  if (key) headers['Idempotency-Key'] = key;
  const r = await page.request.post(`${MEMBER_URL}${path}`, { data, headers, failOnStatusCode: false });
  return (await r.json()) as { code: number; message: string; data: unknown };
}

/** A pending USDT-TRC20 deposit of `amount` yuan by `member`: its deposit_no. */
export async function pendingDeposit(page: Page, member: Member, amount: string): Promise<string> {
  const r = await memberApi(page, member, '/api/recharge', { paytype: 'usdt', amount, catepay: 'TRC20' });
  expect(r.code, r.message).toBe(200);
  const depositNo = (r.data as { deposit_no?: string } | null)?.deposit_no ?? r.message;
  expect(depositNo).toBeTruthy();
  return String(depositNo);
}

/**
 * A pending bank-card withdrawal of `amount` yuan by `member`: credits `credit` yuan first (an
 * adjustment, no turnover to play through), binds a card ending 4321, withdraws; the withdrawal's id.
 */
let uniques = 0;
/** Digits nobody else in this run has: shared cards and mobiles link members (风控 holds them). */
export function uniqueDigits(length: number): string {
  uniques += 1;
  return `${Date.now()}${String(uniques).padStart(3, '0')}`.slice(-length);
}

export async function pendingWithdrawal(
  page: Page,
  member: Member,
  amount: string,
  credit = '1000',
  mobile = `139${uniqueDigits(8)}`,
): Promise<number> {
  await opsApi(opsCreditWallet, { username: member.name, amount: credit });
  const bound = await memberApi(page, member, '/api/bindcard', {
    bank: '中国银行',
    bank_owner: '李四',
    bank_no: `6222${uniqueDigits(12)}`,
    bank_address: '上海',
    pay_pass: member.password,
  });
  expect(bound.code, bound.message).toBe(200);
  const phone = await memberApi(page, member, '/api/auth/updateuserinfo', { mobile });
  expect(phone.code, phone.message).toBe(200);
  const cards = await memberApi(page, member, '/api/getcard', { type: 1 });
  const card = (cards.data as { id: number }[])[0];
  expect(card, cards.message).toBeTruthy();
  const r = await memberApi(page, member, '/api/withdraw', {
    type: 'bank',
    amount,
    bank: card?.id,
    password: member.password,
  });
  expect(r.code, r.message).toBe(200);
  return withdrawalId(member);
}

/** The id of `member`'s newest pending withdrawal (as `withdrawal:list` shows it). */
export async function withdrawalId(member: Member): Promise<number> {
  const { withdrawals } = await opsApi<{ withdrawals: { id: number; username: string }[] }>(opsWithdrawals, {
    state: 1,
    limit: OPS_LIST_MAX,
  });
  const row = withdrawals.find((w) => w.username === member.name);
  if (!row) throw new Error(`no pending withdrawal of ${member.name}`);
  return row.id;
}
