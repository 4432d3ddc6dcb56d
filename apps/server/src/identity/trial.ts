import { eq } from 'drizzle-orm';
import { BusinessError } from '../core/errors';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';

/**
 * The shared trial account (试玩) may look and play with its play money, never move real money or
 * change the account: each refusal names what was refused (`message`), always 403.
 */
export async function assertNotTrial(db: Db | Tx, userId: number, message: string): Promise<void> {
  const [u] = await db.select({ trial: users.isTrial }).from(users).where(eq(users.id, userId));
  if (!u) throw new BusinessError('用户不存在', 404);
  if (u.trial) throw new BusinessError(message, 403);
}
