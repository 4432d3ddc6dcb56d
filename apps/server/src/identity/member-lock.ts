import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema/accounts';

/**
 * Locks the member's row for the rest of the transaction, so per-member limits (cards, pending
 * deposits, uploads) are counted one request at a time. FOR NO KEY UPDATE, not FOR UPDATE: it does
 * not wait on the key-share locks that inserts referring to the member hold (the money call's own
 * idempotency claim among them), which would deadlock two concurrent calls of one member.
 */
export async function lockMember(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
