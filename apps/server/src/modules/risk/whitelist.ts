/* The whitelist of facts that never link accounts (links.ts reads it): an office's address, a family's
 * device. Only a 超级管理员 adds or removes entries (console-risk.ts), each audited. */
import { formatDateTime } from '@app/contract/codecs';
import { MSG_WHITELIST_EXISTS, type LinkKind, type WhitelistEntry } from '@app/contract/console-risk';
import { desc, eq } from 'drizzle-orm';
import { nowDate } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { riskWhitelist } from '../../db/schema/risk';

type Row = typeof riskWhitelist.$inferSelect;

const onWire = (r: Row): WhitelistEntry => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  note: r.note,
  created_by: r.createdBy,
  created_at: formatDateTime(r.createdAt.getTime()),
});

/** Card numbers and mobiles are stored without spaces: the whitelisted value must match them. */
export const whitelistValue = (kind: LinkKind, value: string) =>
  kind === 'card' || kind === 'mobile' ? value.replace(/\s+/g, '') : value.trim();

export async function listWhitelist(db: Db): Promise<WhitelistEntry[]> {
  const rows = await db.select().from(riskWhitelist).orderBy(desc(riskWhitelist.id));
  return rows.map(onWire);
}

export async function addToWhitelist(
  db: Db,
  actor: Actor,
  input: { kind: LinkKind; value: string; note: string },
): Promise<WhitelistEntry> {
  try {
    const [row] = await db
      .insert(riskWhitelist)
      .values({
        kind: input.kind,
        value: whitelistValue(input.kind, input.value),
        note: input.note,
        createdBy: actor.name,
        createdAt: nowDate(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return onWire(row);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BusinessError(MSG_WHITELIST_EXISTS, 409);
    throw err;
  }
}

/** Removes an entry; the removed entry (for the audit), or 404. */
export async function removeFromWhitelist(db: Db, id: number): Promise<WhitelistEntry> {
  const [row] = await db.delete(riskWhitelist).where(eq(riskWhitelist.id, id)).returning();
  if (!row) throw new BusinessError('白名单条目不存在', 404);
  return onWire(row);
}
