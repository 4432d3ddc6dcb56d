/* Member tags: the console's list, create, rename/recolour, delete, and bulk tagging of members. */
import { formatDateTime } from '@app/contract/codecs';
import {
  MSG_TAG_MEMBER_MISSING,
  MSG_TAG_MISSING,
  MSG_TAG_TAKEN,
  type MemberTag,
  type MemberTagRow,
} from '@app/contract/console-annotations';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { memberTagLinks, memberTags } from '../../db/schema/risk';

const tagOf = (r: { id: number; name: string; color: string }): MemberTag => ({
  id: r.id,
  name: r.name,
  color: r.color,
});

/** Every tag by name, with how many members carry it. */
export async function listTags(db: Db): Promise<{ items: MemberTagRow[] }> {
  const rows = await db
    .select({
      id: memberTags.id,
      name: memberTags.name,
      color: memberTags.color,
      createdAt: memberTags.createdAt,
      members: count(memberTagLinks.userId),
    })
    .from(memberTags)
    .leftJoin(memberTagLinks, eq(memberTagLinks.tagId, memberTags.id))
    .groupBy(memberTags.id)
    .orderBy(asc(memberTags.name), asc(memberTags.id));
  return {
    items: rows.map((r) => ({
      ...tagOf(r),
      members: r.members,
      created_at: formatDateTime(r.createdAt.getTime()),
    })),
  };
}

/** The tag's row, or 404 标签不存在. */
export async function tagRow(db: Db, id: number): Promise<MemberTag> {
  const [row] = await db.select().from(memberTags).where(eq(memberTags.id, id));
  if (!row) throw new BusinessError(MSG_TAG_MISSING, 404);
  return tagOf(row);
}

/** A name taken by another tag answers 标签名称已存在 (the unique index decides, races included). */
async function sameNameRefused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_TAG_TAKEN);
    throw err;
  }
}

export async function createTag(db: Db, input: { name: string; color: string }): Promise<MemberTag> {
  const [row] = await sameNameRefused(() =>
    db
      .insert(memberTags)
      .values({ name: input.name, color: input.color, createdAt: new Date(now()) })
      .returning(),
  );
  if (!row) throw new Error('insert returned no row');
  return tagOf(row);
}

/** Renames or recolours a tag; answers it before and after (for the audit log). */
export async function updateTag(db: Db, input: { id: number; name: string; color: string }) {
  const before = await tagRow(db, input.id);
  const [row] = await sameNameRefused(() =>
    db
      .update(memberTags)
      .set({ name: input.name, color: input.color })
      .where(eq(memberTags.id, input.id))
      .returning(),
  );
  if (!row) throw new BusinessError(MSG_TAG_MISSING, 404);
  return { before, after: tagOf(row) };
}

/** Deletes a tag (its links go with it); answers the tag and how many members carried it. */
export async function deleteTag(db: Db, id: number) {
  const before = await tagRow(db, id);
  const links = await db.$count(memberTagLinks, eq(memberTagLinks.tagId, id));
  await db.delete(memberTags).where(eq(memberTags.id, id));
  return { before, members: links };
}

/**
 * Puts every tag on every member (or takes them off): links that exist (are missing) are left as
 * they are. Every member and tag must exist (MSG_TAG_MEMBER_MISSING / 标签不存在 otherwise, nothing changed).
 * Answers the links made or removed.
 */
export async function tagMembers(
  db: Db,
  input: { member_ids: number[]; tag_ids: number[]; action: 'add' | 'remove' },
): Promise<number> {
  const memberIds = [...new Set(input.member_ids)];
  const tagIds = [...new Set(input.tag_ids)];
  const [members, tags] = await Promise.all([
    db.$count(users, inArray(users.id, memberIds)),
    db.$count(memberTags, inArray(memberTags.id, tagIds)),
  ]);
  if (members !== memberIds.length) throw new BusinessError(MSG_TAG_MEMBER_MISSING, 404);
  if (tags !== tagIds.length) throw new BusinessError(MSG_TAG_MISSING, 404);
  if (input.action === 'remove') {
    const gone = await db
      .delete(memberTagLinks)
      .where(and(inArray(memberTagLinks.userId, memberIds), inArray(memberTagLinks.tagId, tagIds)))
      .returning({ userId: memberTagLinks.userId });
    return gone.length;
  }
  const made = await db
    .insert(memberTagLinks)
    .values(memberIds.flatMap((userId) => tagIds.map((tagId) => ({ userId, tagId }))))
    .onConflictDoNothing()
    .returning({ userId: memberTagLinks.userId });
  return made.length;
}

/** The tags of these members, by member id (each list by tag name). */
export async function tagsOfMembers(db: Db, ids: readonly number[]): Promise<Map<number, MemberTag[]>> {
  const byMember = new Map<number, MemberTag[]>();
  if (ids.length === 0) return byMember;
  const rows = await db
    .select({
      userId: memberTagLinks.userId,
      id: memberTags.id,
      name: memberTags.name,
      color: memberTags.color,
    })
    .from(memberTagLinks)
    .innerJoin(memberTags, eq(memberTags.id, memberTagLinks.tagId))
    .where(inArray(memberTagLinks.userId, [...ids]))
    .orderBy(asc(memberTags.name), asc(memberTags.id));
  for (const r of rows) {
    const list = byMember.get(r.userId) ?? [];
    list.push(tagOf(r));
    byMember.set(r.userId, list);
  }
  return byMember;
}
