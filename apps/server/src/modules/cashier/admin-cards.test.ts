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
import {
  approvedBy,
  buildTestConsole,
  type ConsoleAgent,
  type TestConsole,
} from '../../../test/console-helpers';
import { uniqueCardNo } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';

let t: TestApp;
let c: TestConsole;
let fin: ConsoleAgent;
/** The second 财务 who approves every new or changed receiving card. */
let checker: ConsoleAgent;
let member = '';
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  fin = await c.signIn('finance');
  checker = await c.signIn('finance');
  member = (await t.newMember()).token;
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

/** A card as the list shows it, as a reply (what a create or update answered before 待复核). */
const cardReply = async (find: (x: ReceivingCard) => boolean): Promise<Reply> => {
  const card = (await listed()).find(find);
  return { status: 200, body: { code: 200, message: '', data: card }, headers: {}, text: '' };
};
/** Adds a card: filed by `fin`, approved by `checker`; a refusal at either step is answered. */
const create = async (body: Record<string, unknown>) => {
  const approved = await approvedBy(checker, await fin.post('/api/payments/cards/create', body));
  if (approved.status !== 200) return approved;
  const result = dataOf<{ item: { result: string } }>(approved).item.result;
  const id = Number(/#(\d+)/.exec(result)?.[1]);
  return cardReply((x) => x.id === id);
};
const update = async (body: Record<string, unknown>) => {
  const approved = await approvedBy(checker, await fin.post('/api/payments/cards/update', body));
  if (approved.status !== 200) return approved;
  return cardReply((x) => x.id === body.id);
};
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
    // Written when the checker approved it, naming both.
    expect(row).toMatchObject({ action: 'receivingCard.create', operatorName: checker.name, before: null });
    expect(row?.after).toMatchObject({
      bank_no: no,
      bank_name: '中国银行',
      maker_name: fin.name,
      checker_name: checker.name,
    });
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

  it('two approvals of the same number at once: one card, the other 未能生效', async () => {
    const no = uniqueCardNo();
    const fin2 = await c.signIn('finance');
    const [mine, theirs] = await Promise.all([
      fin.post('/api/payments/cards/create', fields(no)),
      fin2.post('/api/payments/cards/create', fields(no)),
    ]);
    const replies = await Promise.all([approvedBy(checker, mine), approvedBy(fin, theirs)]);
    const states = replies.map((r) => dataOf<{ item: { status: string; result: string } }>(r).item);
    expect(states.map((s) => s.status).sort()).toEqual(['approved', 'failed']);
    expect(states.find((s) => s.status === 'failed')?.result).toBe(MSG_RECEIVING_NO_TAKEN);
    expect((await listed()).filter((x) => x.bank_no === no)).toHaveLength(1);
  });

  it('a new or changed card is not offered to members until a second 财务 approves it', async () => {
    const f = fields();
    const ticket = await fin.post('/api/payments/cards/create', f);
    expect(ticket.body?.message).toBe('已提交复核（新增收款银行卡），另一位财务或超级管理员通过后生效');
    expect((await memberCards()).map((x) => x.bank_no)).not.toContain(f.bank_no);
    expect((await listed()).some((x) => x.bank_no === f.bank_no)).toBe(false);
    dataOf(await approvedBy(checker, ticket));
    expect((await memberCards()).map((x) => x.bank_no)).toContain(f.bank_no);
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
