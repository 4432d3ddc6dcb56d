/* 收款银行卡 in the console: the platform's cards members transfer to (the bank-transfer form lists
 * the enabled ones). A card number is unique; the last enabled card stays while bank transfer is on. */
import {
  MSG_RECEIVING_LAST,
  MSG_RECEIVING_MISSING,
  MSG_RECEIVING_NO_TAKEN,
  type ReceivingCard,
} from '@app/contract/console-payments';
import { and, asc, eq, ne } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { AuditEntry } from '../../db/audit';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { payMethods, receivingCards } from '../../db/schema/money';

type Row = typeof receivingCards.$inferSelect;

export interface CardFields {
  bank_name: string;
  bank_no: string;
  owner: string;
  address: string;
}

const toWire = (c: Row): ReceivingCard => ({
  id: c.id,
  bank_name: c.bankName,
  bank_no: c.bankNo,
  owner: c.owner,
  address: c.address,
  enabled: c.enabled === 1,
});

const columns = (f: CardFields) => ({
  bankName: f.bank_name,
  bankNo: f.bank_no,
  owner: f.owner,
  address: f.address,
});

export async function receivingCardRows(db: Db): Promise<ReceivingCard[]> {
  const rows = await db.select().from(receivingCards).orderBy(asc(receivingCards.id));
  return rows.map(toWire);
}

async function lockedCard(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(receivingCards).where(eq(receivingCards.id, id)).for('update');
  if (!row) throw new BusinessError(MSG_RECEIVING_MISSING, 404);
  return row;
}

/** 该卡号已存在 (409) when another card has this number; the unique index decides a race. */
async function assertNumberFree(db: Db, bankNo: string, id: number | null): Promise<void> {
  const other =
    id === null
      ? eq(receivingCards.bankNo, bankNo)
      : and(eq(receivingCards.bankNo, bankNo), ne(receivingCards.id, id));
  const [taken] = await db.select({ id: receivingCards.id }).from(receivingCards).where(other).limit(1);
  if (taken) throw new BusinessError(MSG_RECEIVING_NO_TAKEN, 409);
}

async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_RECEIVING_NO_TAKEN, 409);
    throw err;
  }
}

export async function createReceivingCard(db: Db, f: CardFields) {
  await assertNumberFree(db, f.bank_no, null);
  const [row] = await uniquely(() =>
    db
      .insert(receivingCards)
      .values({ ...columns(f), enabled: 1 })
      .returning(),
  );
  if (!row) throw new Error('receiving card not inserted');
  const card = toWire(row);
  const audit: AuditEntry = {
    action: 'receivingCard.create',
    targetType: 'receivingCard',
    targetId: card.id,
    after: card,
  };
  return { card, audit };
}

export async function updateReceivingCard(db: Db, id: number, f: CardFields) {
  const before = toWire(await lockedCard(db, id));
  await assertNumberFree(db, f.bank_no, id);
  const [row] = await uniquely(() =>
    db.update(receivingCards).set(columns(f)).where(eq(receivingCards.id, id)).returning(),
  );
  const card = toWire(row ?? (await lockedCard(db, id)));
  const audit: AuditEntry = {
    action: 'receivingCard.update',
    targetType: 'receivingCard',
    targetId: id,
    before,
    after: card,
  };
  return { card, audit };
}

/**
 * Shows or hides a card. Hiding the last enabled one while bank transfer is on is refused: members
 * would be offered a transfer with nowhere to send it. The bank method's row is locked first, so an
 * operator turning bank transfer on at the same moment waits for this and then sees it.
 */
export async function setReceivingCardEnabled(db: Db, id: number, enabled: boolean) {
  const [bank] = await db.select().from(payMethods).where(eq(payMethods.type, 'bank')).for('update');
  const before = await lockedCard(db, id);
  if (!enabled && before.enabled === 1 && bank?.enabled === 1) {
    const others = await db
      .select({ id: receivingCards.id })
      .from(receivingCards)
      .where(and(eq(receivingCards.enabled, 1), ne(receivingCards.id, id)))
      .limit(1);
    if (others.length === 0) throw new BusinessError(MSG_RECEIVING_LAST);
  }
  const [row] = await db
    .update(receivingCards)
    .set({ enabled: enabled ? 1 : 0 })
    .where(eq(receivingCards.id, id))
    .returning();
  const card = toWire(row ?? before);
  const audit: AuditEntry = {
    action: enabled ? 'receivingCard.enable' : 'receivingCard.disable',
    targetType: 'receivingCard',
    targetId: id,
    before: { enabled: before.enabled === 1 },
    after: { enabled },
  };
  return { card, audit };
}
