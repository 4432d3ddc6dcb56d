import { MSG_MUST_CHANGE_PAY_PASSWORD } from '@app/contract/withdrawals';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { BusinessError } from '../core/errors';
import { limitedPayPasswordCheck } from './limits';
import { hashPassword, verifyPassword } from './passwords';

export const MSG_PAY_PASSWORD_WRONG = '支付密码错误';

/**
 * Refuses (403) while the payment password is a one-time one an operator set (must_change_pay_password):
 * the member changes it first, so the operator never knows a payment password that moves money.
 */
export async function assertPayPasswordKept(db: Db, userId: number): Promise<void> {
  const [u] = await db.select({ reset: users.mustChangePayPassword }).from(users).where(eq(users.id, userId));
  if (u?.reset) throw new BusinessError(MSG_MUST_CHANGE_PAY_PASSWORD, 403);
}

/** The password against the stored hash, counted toward the lockout; `wrong` when it is not right. */
async function verifyPayPassword(db: Db, userId: number, password: string, wrong: string): Promise<void> {
  const ok = await limitedPayPasswordCheck(db, userId, async () => {
    const [u] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
    return !!u?.hash && (await verifyPassword(u.hash, password));
  });
  if (!ok) throw new BusinessError(wrong);
}

/**
 * The payment password (withdrawals, card binding), limited to PAY_PASSWORD_MAX_FAILURES wrong tries
 * per member per 15 minutes (then 429 until the window ends); `wrong` is the message for a wrong one.
 * A one-time payment password is refused whatever is typed (assertPayPasswordKept).
 */
export async function checkPayPassword(
  db: Db,
  userId: number,
  password: string,
  wrong = MSG_PAY_PASSWORD_WRONG,
): Promise<void> {
  await assertPayPasswordKept(db, userId);
  await verifyPayPassword(db, userId, password, wrong);
}

/**
 * /api/editPayPassword: the old payment password (counted like any other try; a one-time one too),
 * then the new one, which lifts the one-time hold.
 */
export async function changePayPassword(db: Db, userId: number, old: string, next: string): Promise<void> {
  await verifyPayPassword(db, userId, old, '原支付密码错误');
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(next), mustChangePayPassword: false })
    .where(eq(users.id, userId));
}
