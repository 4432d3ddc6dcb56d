import { isRealName } from '@app/contract/member';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';

/**
 * Sets a member's real name if none is on record yet, in one conditional statement (two requests at
 * once: one sets it, the other finds it set). After that only an operator changes it: withdrawal
 * holds and once-per-person bonuses compare against it. Returns the name on record afterwards.
 */
export async function setRealNameOnce(db: Db | Tx, userId: number, name: string): Promise<string> {
  const wanted = name.trim();
  const set = await db
    .update(users)
    .set({ realname: wanted })
    .where(and(eq(users.id, userId), eq(users.realname, '')))
    .returning({ realname: users.realname });
  if (set[0]) return set[0].realname;
  const [u] = await db.select({ realname: users.realname }).from(users).where(eq(users.id, userId));
  return u?.realname ?? '';
}

/** A first bank card's holder becomes the member's real name when none is on record and it reads as one. */
export async function fillRealNameFromHolder(tx: Tx, userId: number, holder: string): Promise<void> {
  if (isRealName(holder)) await setRealNameOnce(tx, userId, holder);
}
