/* 收款银行卡 in the console: add, edit, enable/disable; the number is unique; the member's bank
 * transfer form lists the enabled ones; every write is audited with before and after. */
import { MSG_CARD_NO, MSG_CARD_NO_DIGITS, MSG_CARD_NO_LENGTH } from '@app/contract/cashier';
import {
  MSG_RECEIVING_BANK,
  MSG_RECEIVING_MISSING,
  MSG_RECEIVING_NO_TAKEN,
  MSG_RECEIVING_OWNER,
  type ReceivingCard,
} from '@app/contract/console-payments';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/operators';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { uniqueCardNo } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
let member = '';
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  member = (await t.newMember()).token;
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const create = (body: Record<string, unknown>) => fin.post('/api/payments/cards/create', body);
const update = (body: Record<string, unknown>) => fin.post('/api/payments/cards/update', body);
const enable = (id: number, enabled: boolean) => fin.post('/api/payments/cards/enabled', { id, enabled });
const listed = async () => dataOf<{ items: ReceivingCard[] }>(await fin.get('/api/payments/cards')).items;
const memberCards = async () =>
  dataOf<{ bank_no: string }[]>(await t.post('/api/getpaybank', {}, { token: member }));
const auditOf = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'receivingCard'), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.id));
const fields = (no = uniqueCardNo()) => ({
  bank_name: '中国银行',
  bank_no: no,
  owner: '乐享收款公司',
  address: '广州天河支行',
});
const refusal = async (r: Promise<{ status: number; body: { message?: string } | null }>) => {
  const x = await r;
  return [x.status, x.body?.message];
};

describe('receiving cards', () => {
  it('adds a card the bank-transfer form shows, with spaces dropped from its number; audited', async () => {
    const no = uniqueCardNo();
    const card = dataOf<ReceivingCard>(
      await create({ ...fields(), bank_no: `${no.slice(0, 4)} ${no.slice(4)}` }),
    );
    expect(card).toMatchObject({ bank_no: no, enabled: true, owner: '乐享收款公司' });
    expect((await listed()).some((x) => x.id === card.id)).toBe(true);
    expect((await memberCards()).map((x) => x.bank_no)).toContain(no);
    const [row] = await auditOf(card.id);
    expect(row).toMatchObject({ action: 'receivingCard.create', operatorName: fin.name, before: null });
    expect(row?.after).toMatchObject({ bank_no: no, bank_name: '中国银行' });
  });

  it('refuses a number another card has (adding or editing), and bad fields', async () => {
    const a = dataOf<ReceivingCard>(await create(fields()));
    const b = dataOf<ReceivingCard>(await create(fields()));
    expect(await refusal(create(fields(a.bank_no)))).toEqual([409, MSG_RECEIVING_NO_TAKEN]);
    expect(await refusal(update({ id: b.id, ...fields(a.bank_no) }))).toEqual([409, MSG_RECEIVING_NO_TAKEN]);
    expect(await refusal(create({ ...fields(), bank_no: ' ' }))).toEqual([400, MSG_CARD_NO]);
    expect(await refusal(create({ ...fields(), bank_no: '1234567' }))).toEqual([400, MSG_CARD_NO_LENGTH]);
    expect(await refusal(create({ ...fields(), bank_no: '62220000abcd1111' }))).toEqual([
      400,
      MSG_CARD_NO_DIGITS,
    ]);
    expect(await refusal(create({ ...fields(), bank_name: ' ' }))).toEqual([400, MSG_RECEIVING_BANK]);
    expect(await refusal(create({ ...fields(), owner: '' }))).toEqual([400, MSG_RECEIVING_OWNER]);
    expect(await refusal(update({ id: 999_999, ...fields() }))).toEqual([404, MSG_RECEIVING_MISSING]);
    expect(await refusal(enable(999_999, false))).toEqual([404, MSG_RECEIVING_MISSING]);
  });

  it('two operators adding the same number at once: one card', async () => {
    const no = uniqueCardNo();
    const fin2 = await c.signIn('finance');
    const replies = await Promise.all([
      create(fields(no)),
      fin2.post('/api/payments/cards/create', fields(no)),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await listed()).filter((x) => x.bank_no === no)).toHaveLength(1);
  });

  it('edits a card (its own number may stay); before and after are audited', async () => {
    const card = dataOf<ReceivingCard>(await create(fields()));
    const edited = dataOf<ReceivingCard>(
      await update({ id: card.id, ...fields(card.bank_no), owner: '新收款公司', address: '' }),
    );
    expect(edited).toMatchObject({ id: card.id, bank_no: card.bank_no, owner: '新收款公司', address: '' });
    const [row] = await auditOf(card.id);
    expect(row).toMatchObject({
      action: 'receivingCard.update',
      before: expect.objectContaining({ owner: '乐享收款公司', address: '广州天河支行' }),
      after: expect.objectContaining({ owner: '新收款公司', address: '' }),
    });
  });

  it('a disabled card leaves the member form and comes back when enabled', async () => {
    const card = dataOf<ReceivingCard>(await create(fields()));
    expect(dataOf<ReceivingCard>(await enable(card.id, false)).enabled).toBe(false);
    expect((await memberCards()).map((x) => x.bank_no)).not.toContain(card.bank_no);
    expect((await listed()).find((x) => x.id === card.id)?.enabled).toBe(false);
    dataOf(await enable(card.id, true));
    expect((await memberCards()).map((x) => x.bank_no)).toContain(card.bank_no);
    const [on, off] = await auditOf(card.id);
    expect(off).toMatchObject({
      action: 'receivingCard.disable',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(on).toMatchObject({
      action: 'receivingCard.enable',
      before: { enabled: false },
      after: { enabled: true },
    });
  });
});
