/* Operators' notes on a member: append-only (no call edits or deletes one), each with its author. */
import { formatDateTime } from '@app/contract/codecs';
import type { MemberNote } from '@app/contract/console-annotations';
import { desc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { pagedQuery, type PageRequest } from '../../core/paging';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { memberNotes } from '../../db/schema/risk';
import { memberRow } from './admin-page';

const toNote = (r: typeof memberNotes.$inferSelect): MemberNote => ({
  id: r.id,
  body: r.body,
  created_by: r.createdBy,
  created_at: formatDateTime(r.createdAt.getTime()),
});

/** The member's notes, newest first (member_notes_user_idx). */
export async function listNotes(db: Db, q: PageRequest & { id: number }) {
  await memberRow(db, q.id);
  const where = eq(memberNotes.userId, q.id);
  const rows = db
    .select()
    .from(memberNotes)
    .where(where)
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(memberNotes, where), q, toNote);
}

/** Adds a note (already trimmed and checked by the contract), signed by the operator. */
export async function addNote(
  db: Db,
  actor: Actor,
  input: { id: number; body: string },
): Promise<MemberNote> {
  await memberRow(db, input.id);
  const [row] = await db
    .insert(memberNotes)
    .values({ userId: input.id, body: input.body, createdBy: actor.name, createdAt: new Date(now()) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toNote(row);
}
