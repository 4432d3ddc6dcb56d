/* Saved member segments (分群): a name and the member search's filters, matched again each time they
 * are used, through the search's own condition (member/admin-filters.ts). Trial accounts never count. */
import type { MemberSearchFilters } from '@app/contract/console-annotations';
import { MSG_SEGMENT_MISSING, MSG_SEGMENT_TAKEN, type SegmentRow } from '@app/contract/console-segments';
import { formatDateTime } from '@app/contract/codecs';
import { and, asc, count, eq, ne, not, sql, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { memberSegments } from '../../db/schema/outreach';
import { wallets, CENTRAL_VENUE } from '../../db/schema/wallets';
import { memberFilterWhere } from '../member/admin-filters';
import { onBreakAt } from '../protection/guard';

type Segment = typeof memberSegments.$inferSelect;
export type StoredFilters = Partial<MemberSearchFilters>;

/** The members a segment's filters match: the member search's condition, trial accounts and members in a time-out or an exclusion (责任博彩) left out. */
export function segmentWhere(filters: StoredFilters, at = now()): SQL | undefined {
  return and(memberFilterWhere(filters), ne(users.isTrial, 1), not(onBreakAt(sql`${users.id}`, at)));
}

/** users joined with the central wallet, as the search joins them (its balance filters read it). */
export const centralWallet = and(eq(wallets.userId, users.id), eq(wallets.venue, CENTRAL_VENUE));

export async function countSegment(db: Db | Tx, filters: StoredFilters): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(wallets, centralWallet)
    .where(segmentWhere(filters));
  return row?.n ?? 0;
}

/** Only the filters given (null: not set), as stored. */
const given = (f: MemberSearchFilters): StoredFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null)) as StoredFilters;

async function toRow(db: Db, s: Segment): Promise<SegmentRow> {
  const filters = s.filters as unknown as StoredFilters;
  return {
    id: s.id,
    name: s.name,
    filters: filters as SegmentRow['filters'],
    members: await countSegment(db, filters),
    created_by: s.createdBy,
    created_at: formatDateTime(s.createdAt.getTime()),
  };
}

export async function listSegments(db: Db): Promise<SegmentRow[]> {
  const rows = await db.select().from(memberSegments).orderBy(asc(memberSegments.name));
  return Promise.all(rows.map((s) => toRow(db, s)));
}

export async function segmentById(db: Db | Tx, id: number): Promise<Segment> {
  const [s] = await db.select().from(memberSegments).where(eq(memberSegments.id, id));
  if (!s) throw new BusinessError(MSG_SEGMENT_MISSING, 404);
  return s;
}

export async function createSegment(
  db: Db,
  input: { name: string; filters: MemberSearchFilters },
  actor: Actor,
): Promise<SegmentRow> {
  try {
    const [s] = await db
      .insert(memberSegments)
      .values({
        name: input.name,
        filters: given(input.filters) as Record<string, string>,
        createdBy: actor.name,
        createdAt: new Date(now()),
      })
      .returning();
    if (!s) throw new Error('segment not written');
    return await toRow(db, s);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_SEGMENT_TAKEN);
    throw err;
  }
}

/** Deletes a segment; messages already scheduled for it keep the copy of its filters they took. */
export async function deleteSegment(db: Db, id: number): Promise<Segment> {
  const [s] = await db.delete(memberSegments).where(eq(memberSegments.id, id)).returning();
  if (!s) throw new BusinessError(MSG_SEGMENT_MISSING, 404);
  return s;
}
