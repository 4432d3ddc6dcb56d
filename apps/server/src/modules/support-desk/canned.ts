/* Canned replies: read by everyone at the desk, written by 超级管理员 (the desk's lead). */
import { MSG_SUPPORT_CANNED_MISSING } from '@app/contract/console-support';
import { formatDateTime } from '@app/contract/codecs';
import { asc, eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { supportCannedReplies } from '../../db/schema/support';

type CannedRecord = typeof supportCannedReplies.$inferSelect;

export const cannedView = (r: CannedRecord) => ({
  id: r.id,
  title: r.title,
  body: r.body,
  sort: r.sort,
  updated_by: r.updatedBy,
  updated_at: formatDateTime(r.updatedAt.getTime()),
});

export async function cannedReplies(db: Db) {
  const rows = await db
    .select()
    .from(supportCannedReplies)
    .orderBy(asc(supportCannedReplies.sort), asc(supportCannedReplies.id));
  return { items: rows.map(cannedView) };
}

async function cannedById(db: Db, id: number): Promise<CannedRecord> {
  const [row] = await db.select().from(supportCannedReplies).where(eq(supportCannedReplies.id, id));
  if (!row) throw new BusinessError(MSG_SUPPORT_CANNED_MISSING, 404);
  return row;
}

/** Creates (no id) or updates one; answers the row before (null when new) and after. */
export async function saveCanned(
  db: Db,
  input: { id?: number | undefined; title: string; body: string; sort: number },
  by: string,
): Promise<{ before: CannedRecord | null; after: CannedRecord }> {
  const values = {
    title: input.title,
    body: input.body,
    sort: input.sort,
    updatedBy: by,
    updatedAt: new Date(now()),
  };
  if (input.id === undefined) {
    const [after] = await db.insert(supportCannedReplies).values(values).returning();
    if (!after) throw new Error('canned reply not written');
    return { before: null, after };
  }
  const before = await cannedById(db, input.id);
  const [after] = await db
    .update(supportCannedReplies)
    .set(values)
    .where(eq(supportCannedReplies.id, input.id))
    .returning();
  if (!after) throw new BusinessError(MSG_SUPPORT_CANNED_MISSING, 404);
  return { before, after };
}

export async function deleteCanned(db: Db, id: number): Promise<CannedRecord> {
  const before = await cannedById(db, id);
  await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id));
  return before;
}
