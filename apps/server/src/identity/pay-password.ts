import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { BusinessError } from '../core/errors';
import { limitedPayPasswordCheck } from './limits';
import { hashPassword, verifyPassword } from './passwords';

export const MSG_PAY_PASSWORD_WRONG = '支付密码错误';

/**
 * The payment password (withdrawals, card binding), limited to PAY_PASSWORD_MAX_FAILURES wrong tries
 * per member per 15 minutes (then 429 until the window ends); `wrong` is the message for a wrong one.
 */
export async function checkPayPassword(
  db: Db,
  userId: number,
  password: string,
  wrong = MSG_PAY_PASSWORD_WRONG,
): Promise<void> {
  const ok = await limitedPayPasswordCheck(db, userId, async () => {
    const [u] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
    return !!u?.hash && (await verifyPassword(u.hash, password));
  });
  if (!ok) throw new BusinessError(wrong);
}

/** /api/editPayPassword: the old payment password (counted like any other try), then the new one. */
export async function changePayPassword(db: Db, userId: number, old: string, next: string): Promise<void> {
  await checkPayPassword(db, userId, old, '原支付密码错误');
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(next) })
    .where(eq(users.id, userId));
}
