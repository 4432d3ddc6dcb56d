import { sql } from 'drizzle-orm';
import { BusinessError } from '../core/errors';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';

export const MSG_NO_MEMBER_NAMED = '用户不存在';

/** The member an operator names (the command line names members, any case), or 404 用户不存在. */
export async function memberNamed(db: Db, name: string): Promise<{ id: number; username: string }> {
  const [u] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = ${name.toLowerCase()}`);
  if (!u) throw new BusinessError(MSG_NO_MEMBER_NAMED, 404);
  return u;
}
