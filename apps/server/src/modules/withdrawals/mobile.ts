import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { claimNewBinding, identityOf, MSG_IDENTITY_TAKEN } from '../promo/claims';
import { users } from '../../db/schema/accounts';
import { BusinessError } from '../../core/errors';
import { assertNotBlacklisted } from '../risk/blacklist';

/** The client opens phone binding on this message, then resubmits. */
export const MSG_BIND_MOBILE_FIRST = '请先绑定手机号';

/**
 * /api/auth/updateuserinfo (the number already checked by the contract). A member holding a
 * first-deposit bonus claims the number with it (promo/claims.ts): refused when another holder has it.
 */
export async function bindMobile(db: Db | Tx, userId: number, mobile: string): Promise<void> {
  await assertNotBlacklisted(db, [['mobile', mobile]]);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ mobile }).where(eq(users.id, userId));
    if (!(await claimNewBinding(tx, userId, identityOf('mobile', mobile)))) {
      throw new BusinessError(MSG_IDENTITY_TAKEN);
    }
  });
}

/** A withdrawal needs a bound mobile: MSG_BIND_MOBILE_FIRST otherwise. */
export async function assertMobileBound(db: Db, userId: number): Promise<void> {
  const [u] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!u?.mobile) throw new BusinessError(MSG_BIND_MOBILE_FIRST);
}
