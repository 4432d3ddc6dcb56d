/* The blacklist: values (cards, USDT addresses, Alipay/WeChat accounts, addresses, devices, mobiles)
 * refused at registration and binding with one neutral message, and its console list. */
import { formatDateTime } from '@app/contract/codecs';
import {
  MSG_BLACKLIST_MISSING,
  MSG_BLACKLIST_TAKEN,
  MSG_BLACKLIST_VALUE_FORMAT,
  MSG_BLACKLISTED,
  type BlacklistKind,
  type BlacklistRow,
} from '@app/contract/console-blacklist';
import { and, desc, eq, like, or, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pagedQuery, type PageRequest } from '../../core/paging';
import type { Actor } from '../../db/audit';
import type { Db, Tx } from '../../db/client';
import { blacklist } from '../../db/schema/risk';

/**
 * The stored form of a value, so one card typed with spaces and one without are the same entry:
 * card and mobile digits only, a wallet account trimmed in lower case (an e-mail or a number), every
 * other kind trimmed as it is (a USDT address is case-sensitive).
 */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): string {
  const v = value.trim();
  if (kind === 'card' || kind === 'mobile') return v.replace(/\D/g, '');
  if (kind === 'wallet') return v.toLowerCase();
  return v;
}

/** Whether the value (normalised here) is on the blacklist; an empty value never is. */
export async function isBlacklisted(db: Db | Tx, kind: BlacklistKind, value: string): Promise<boolean> {
  const v = normaliseBlacklistValue(kind, value);
  if (!v) return false;
  const [row] = await db
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.kind, kind), eq(blacklist.value, v)))
    .limit(1);
  return row !== undefined;
}

/** One value to check: missing or empty ones are skipped. */
export type BlacklistCheck = readonly [BlacklistKind, string | null | undefined];

/**
 * Refuses with MSG_BLACKLISTED (never saying which value, nor that a blacklist exists) when any of
 * the values is listed. One indexed look-up per value (blacklist_kind_value).
 */
export async function assertNotBlacklisted(db: Db | Tx, checks: readonly BlacklistCheck[]): Promise<void> {
  for (const [kind, value] of checks) {
    if (value && (await isBlacklisted(db, kind, value))) throw new BusinessError(MSG_BLACKLISTED);
  }
}

/** Registration: the client's address and (when the app sent one) its device id. */
export const assertMayRegister = (db: Db | Tx, client: { ip?: string; deviceId?: string | undefined }) =>
  assertNotBlacklisted(db, [
    ['ip', client.ip],
    ['device', client.deviceId],
  ]);

/* The console's list -------------------------------------------------------------------------------- */

const LIKE_SPECIAL = /[\\%_]/g;
const prefix = (text: string) => `${text.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`;

const toRow = (r: typeof blacklist.$inferSelect): BlacklistRow => ({
  id: r.id,
  kind: r.kind as BlacklistKind,
  value: r.value,
  reason: r.reason,
  created_by: r.createdBy,
  created_at: formatDateTime(r.createdAt.getTime()),
});

/** The entries, newest first: of one kind and/or whose value starts with `q` (as any kind stores it). */
export async function listBlacklist(db: Db, q: PageRequest & { kind: BlacklistKind | null; q: string }) {
  const kinds = q.kind ? [q.kind] : null;
  let text: SQL | undefined;
  if (q.q) {
    const forms = new Set(
      (kinds ?? (['card', 'wallet', 'ip'] as const)).map((k) => normaliseBlacklistValue(k, q.q)),
    );
    text = or(...[...forms].filter(Boolean).map((f) => like(blacklist.value, prefix(f))));
  }
  const where = and(q.kind ? eq(blacklist.kind, q.kind) : undefined, text);
  const rows = db
    .select()
    .from(blacklist)
    .where(where)
    .orderBy(desc(blacklist.createdAt), desc(blacklist.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(blacklist, where), q, toRow);
}

/** Adds an entry (normalised); the same kind and value twice is refused. */
export async function addBlacklist(
  db: Db,
  actor: Actor,
  input: { kind: BlacklistKind; value: string; reason: string },
): Promise<BlacklistRow> {
  const value = normaliseBlacklistValue(input.kind, input.value);
  if (!value) throw new BusinessError(MSG_BLACKLIST_VALUE_FORMAT);
  const [row] = await db
    .insert(blacklist)
    .values({
      kind: input.kind,
      value,
      reason: input.reason,
      createdBy: actor.name,
      createdAt: new Date(now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new BusinessError(MSG_BLACKLIST_TAKEN);
  return toRow(row);
}

/** Removes an entry; answers what it removed (for the audit log). */
export async function removeBlacklist(db: Db, id: number): Promise<BlacklistRow> {
  const [row] = await db.delete(blacklist).where(eq(blacklist.id, id)).returning();
  if (!row) throw new BusinessError(MSG_BLACKLIST_MISSING, 404);
  return toRow(row);
}

const PAYOUT_KINDS: Record<string, BlacklistKind> = {
  bank: 'card',
  usdt: 'usdt',
  alipay: 'wallet',
  wechat: 'wallet',
};

/**
 * A withdrawal's payout account (a card bound before it was listed, an Alipay account typed with the
 * withdrawal): refused with MSG_BLACKLISTED like a binding. A WeChat QR code has no account to check.
 */
export const assertPayoutAllowed = (db: Db | Tx, type: string, account: string) => {
  const kind = PAYOUT_KINDS[type];
  return kind ? assertNotBlacklisted(db, [[kind, account]]) : Promise.resolve();
};
