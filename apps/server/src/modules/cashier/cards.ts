import { MAX_CARDS_PER_TYPE } from '@app/contract/cashier';
import { CARD_TYPES } from '@app/contract/enums';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banks, cards } from '../../db/schema/money';
import { BusinessError } from '../../core/errors';
import { lockMember } from '../../identity/member-lock';
import { checkPayPassword } from '../../identity/pay-password';
import { assertNotTrial } from '../../identity/trial';
import { claimNewBinding, identityOf, MSG_IDENTITY_TAKEN } from '../promo/claims';
import { fillRealNameFromHolder } from '../member/real-name';
import { assertNotBlacklisted } from '../risk/blacklist';
import { MSG_TRIAL_NO_MONEY } from './shared';

/* The member's own bank cards and USDT addresses (withdrawals pay out to them) and the bank picker. */

export const MSG_CARD_MISSING = '卡片不存在';
export const MSG_CARD_TAKEN = '该卡号已绑定';

export async function cardList(db: Db, userId: number, type: number) {
  const rows = await db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.type, type)))
    .orderBy(asc(cards.id));
  return rows.map((c) => ({
    id: c.id,
    bank: c.bank,
    bank_owner: c.owner,
    bank_no: c.bankNo,
    ico: '',
    bankIco: '',
  }));
}

/** Binds a card (payment password checked), at most MAX_CARDS_PER_TYPE per type, a number once per member. */
export async function bindCard(
  db: Db,
  userId: number,
  input: {
    type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: string;
    pay_pass: string;
  },
): Promise<void> {
  await assertNotTrial(db, userId, MSG_TRIAL_NO_MONEY);
  await checkPayPassword(db, userId, input.pay_pass);
  await assertNotBlacklisted(db, [[input.type === CARD_TYPES.usdt ? 'usdt' : 'card', input.bank_no]]);
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [n] = await tx
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.userId, userId), eq(cards.type, input.type)));
    if ((n?.n ?? 0) >= MAX_CARDS_PER_TYPE) {
      throw new BusinessError(
        input.type === CARD_TYPES.usdt
          ? `最多绑定${MAX_CARDS_PER_TYPE}个USDT地址`
          : `最多绑定${MAX_CARDS_PER_TYPE}张银行卡`,
      );
    }
    const inserted = await tx
      .insert(cards)
      .values({
        userId,
        type: input.type,
        bank: input.bank,
        owner: input.bank_owner,
        bankNo: input.bank_no,
        bankAddress: input.bank_address,
      })
      .onConflictDoNothing()
      .returning({ id: cards.id });
    if (inserted.length === 0) throw new BusinessError(MSG_CARD_TAKEN);
    // A first-deposit bonus holder claims the number it binds, so no second account of one person can
    // pay its bonus out to the same card. (Not the holder's name: two people share a name, not a card.)
    const bound = identityOf(input.type === CARD_TYPES.usdt ? 'usdt_address' : 'bank_card', input.bank_no);
    if (!(await claimNewBinding(tx, userId, bound))) throw new BusinessError(MSG_IDENTITY_TAKEN);
    if (input.type === CARD_TYPES.bank) await fillRealNameFromHolder(tx, userId, input.bank_owner);
  });
}

/**
 * Unbinds one of the member's own cards after the payment password (counted with binding's and
 * withdrawal's tries: one lockout for all); another member's card is "not found".
 */
export async function deleteCard(db: Db, userId: number, id: number, payPass: string): Promise<void> {
  await checkPayPassword(db, userId, payPass);
  const rows = await db
    .delete(cards)
    .where(and(eq(cards.id, id), eq(cards.userId, userId)))
    .returning({ id: cards.id });
  if (rows.length === 0) throw new BusinessError(MSG_CARD_MISSING, 404);
}

export async function bankList(db: Db) {
  const rows = await db.select().from(banks).orderBy(asc(banks.sort), asc(banks.id));
  return rows.map((b) => ({ id: b.id, bank_name: b.name, ico: b.icon }));
}
