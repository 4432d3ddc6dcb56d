/* The console's member search and the member page's header (profile, wallets, cards, VIP). */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { roleMayCall, type OperatorRole } from '@app/contract/console-define';
import {
  CONTACT_FULL_ROLES,
  maskCardNumber,
  maskMobile,
  MEMBER_READS_PER_15_MIN,
  MSG_MEMBER_READS_TOO_MANY,
  type MemberDetail,
  type MemberRow,
} from '@app/contract/console-members';
import type { MemberSearchFilters } from '@app/contract/console-annotations';
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { writeAudit, type Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { attemptLimits, users } from '../../db/schema/accounts';
import { cards } from '../../db/schema/money';
import { memberLogins } from '../../db/schema/operators';
import { vipChanges } from '../../db/schema/promo';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { ATTEMPT_WINDOW_MS, KIND, PAY_PASSWORD_MAX_FAILURES, reserveAttempt } from '../../identity/limits';
import { turnover } from '../wallet/turnover';
import { demoVenueProvider } from '../wallet/venues';
import { memberFilterWhere } from './admin-filters';
import { tagsOfMembers } from './admin-tags';

export const MSG_NO_MEMBER = '会员不存在';
export const CENTRAL_WALLET_NAME = '中心钱包';
const VIP_CHANGES_SHOWN = 20;
const ID_MAX = 2_147_483_647;

const time = (d: Date) => formatDateTime(d.getTime());
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Bound cards are searched for what looks like a card number (12+ digits) or a USDT address (26+). */
const looksLikeCard = (compact: string) => /^\d{12,}$/.test(compact) || compact.length >= 26;

/**
 * The one box: name prefix (any case), real name (exact or prefix), id, mobile, a card number or USDT
 * address, a sign-in address. One indexed look-up per kind (users_username_prefix_idx,
 * users_realname_prefix_idx, users_mobile_idx, member_logins_ip_idx, the key), the ids of members that
 * exist (foreign keys) joined: an OR across tables would read every member. Null for an empty box.
 */
function matchingIds(q: string): SQL | null {
  if (!q) return null;
  const compact = q.replace(/\s+/g, '');
  const ids: SQL[] = [
    sql`select ${users.id} from ${users} where lower(${users.username}) like ${likePrefix(q.toLowerCase())} escape '\\'`,
    sql`select ${users.id} from ${users} where ${users.realname} like ${likePrefix(q)} escape '\\'`,
    sql`select ${users.id} from ${users} where ${users.mobile} = ${compact}`,
    sql`select ${memberLogins.userId} from ${memberLogins} where ${memberLogins.ip} = ${q}`,
  ];
  if (looksLikeCard(compact)) {
    ids.push(
      sql`select ${cards.userId} from ${cards} where lower(${cards.bankNo}) = ${compact.toLowerCase()}`,
    );
  }
  if (/^\d{1,10}$/.test(q) && Number(q) <= ID_MAX) {
    ids.push(sql`select ${users.id} from ${users} where ${users.id} = ${Number(q)}`);
  }
  return sql.join(ids, sql` union `);
}

/** How many members match: counted over the matching ids alone (no second look at each member). */
async function countMatches(db: Db, ids: SQL | null): Promise<number> {
  const [row] = ids
    ? await db.select({ n: count() }).from(sql`(${ids}) as matches`)
    : await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

const rowColumns = {
  id: users.id,
  name: users.username,
  realname: users.realname,
  vipLevel: users.vipLevel,
  isagent: users.isagent,
  isTrial: users.isTrial,
  blocked: users.blocked,
  createdAt: users.createdAt,
  balance: wallets.balanceCents,
};
const centralOf = and(eq(wallets.userId, users.id), eq(wallets.venue, CENTRAL_VENUE));

/** The box alone: its page's ids first (a sort of the matches alone), then their rows. */
async function boxPage(db: Db, ids: SQL | null, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  // Joined otherwise, the planner may walk the whole key backwards looking for matches.
  const pageIds = ids
    ? sql`${users.id} in (select id from (${ids}) as matches order by id desc limit ${pageSize} offset ${offset})`
    : undefined;
  const [total, rows] = await Promise.all([
    countMatches(db, ids),
    db
      .select(rowColumns)
      .from(users)
      .leftJoin(wallets, centralOf)
      .where(pageIds)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset(ids ? 0 : offset),
  ]);
  return { total, rows };
}

/** The box and the filters: one query on members joined with their central wallet. */
async function filteredPage(db: Db, ids: SQL | null, filters: SQL, page: number, pageSize: number) {
  const where = and(ids ? sql`${users.id} in (${ids})` : undefined, filters);
  const [counted, rows] = await Promise.all([
    db.select({ n: count() }).from(users).leftJoin(wallets, centralOf).where(where),
    db
      .select(rowColumns)
      .from(users)
      .leftJoin(wallets, centralOf)
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total: counted[0]?.n ?? 0, rows };
}

export async function searchMembers(
  db: Db,
  input: { q: string; page: number; pageSize: number } & Partial<MemberSearchFilters>,
): Promise<{ total: number; items: MemberRow[] }> {
  const ids = matchingIds(input.q);
  const filters = memberFilterWhere(input);
  const { total, rows } = filters
    ? await filteredPage(db, ids, filters, input.page, input.pageSize)
    : await boxPage(db, ids, input.page, input.pageSize);
  const tags = await tagsOfMembers(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      realname: r.realname,
      vip_level: r.vipLevel,
      balance: formatCents(r.balance ?? 0n),
      isagent: r.isagent === 1,
      is_trial: r.isTrial === 1,
      blocked: r.blocked,
      created_at: time(r.createdAt),
      tags: tags.get(r.id) ?? [],
    })),
  };
}

/** Members by id, with their central balance: the command line's user:list. */
export async function listMembers(db: Db, q: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(users);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      realname: users.realname,
      vipLevel: users.vipLevel,
      isTrial: users.isTrial,
      isagent: users.isagent,
      blocked: users.blocked,
      createdAt: users.createdAt,
      balance: wallets.balanceCents,
    })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.venue, CENTRAL_VENUE)))
    .orderBy(asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows };
}

/** The member's row, or 404 会员不存在. */
export async function memberRow(db: Db, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw new BusinessError(MSG_NO_MEMBER, 404);
  return u;
}

/** Wrong payment passwords in the member's current window (0 when the window is over). */
export async function payPasswordFailures(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ failures: attemptLimits.failures })
    .from(attemptLimits)
    .where(
      and(
        eq(attemptLimits.kind, KIND.payPassword),
        eq(attemptLimits.subject, String(userId)),
        gt(attemptLimits.windowStart, new Date(now() - ATTEMPT_WINDOW_MS)),
      ),
    );
  return row?.failures ?? 0;
}

/** Every wallet: the central one first, then each venue (a venue without a wallet row shows 0.00). */
async function walletsOf(db: Db, userId: number): Promise<MemberDetail['wallets']> {
  const [venues, rows] = await Promise.all([
    demoVenueProvider.venues(db),
    db
      .select({ venue: wallets.venue, cents: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId)),
  ]);
  const balance = new Map(rows.map((r) => [r.venue, r.cents]));
  const known = new Set(venues.map((v) => v.code));
  return [
    {
      venue: CENTRAL_VENUE,
      name: CENTRAL_WALLET_NAME,
      balance: formatCents(balance.get(CENTRAL_VENUE) ?? 0n),
    },
    ...venues.map((v) => ({ venue: v.code, name: v.name, balance: formatCents(balance.get(v.code) ?? 0n) })),
    ...rows
      .filter((r) => r.venue !== CENTRAL_VENUE && !known.has(r.venue))
      .map((r) => ({ venue: r.venue, name: r.venue, balance: formatCents(r.cents) })),
  ];
}

async function cardsOf(db: Db, userId: number): Promise<MemberDetail['cards']> {
  const rows = await db
    .select()
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.type), asc(cards.id));
  return rows.map((c) => ({
    id: c.id,
    kind: c.type === 2 ? ('usdt' as const) : ('bank' as const),
    bank: c.bank,
    owner: c.owner,
    number: c.bankNo,
    branch: c.bankAddress,
    created_at: time(c.createdAt),
  }));
}

async function vipChangesOf(db: Db, userId: number): Promise<MemberDetail['vip_changes']> {
  const rows = await db
    .select()
    .from(vipChanges)
    .where(eq(vipChanges.userId, userId))
    .orderBy(desc(vipChanges.createdAt), desc(vipChanges.id))
    .limit(VIP_CHANGES_SHOWN);
  return rows.map((r) => ({ day: r.day, from: r.fromLevel, to: r.toLevel, at: time(r.createdAt) }));
}

const referrers = alias(users, 'referrer');

/**
 * A member's page as an operator reads it: counted against MEMBER_READS_PER_15_MIN per operator (429
 * beyond), the mobile and card numbers masked unless the role is among CONTACT_FULL_ROLES, and the
 * read audited with whether they were shown in full.
 */
export async function readMemberPage(
  db: Db,
  id: number,
  viewer: { actor: Actor; role: OperatorRole },
): Promise<MemberDetail> {
  const reads = await reserveAttempt(db, KIND.consoleMemberReads, String(viewer.actor.operatorId));
  if (reads.failures > MEMBER_READS_PER_15_MIN) throw new BusinessError(MSG_MEMBER_READS_TOO_MANY, 429);
  const detail = await memberDetail(db, id);
  const full = roleMayCall(viewer.role, { roles: CONTACT_FULL_ROLES });
  await writeAudit(db, viewer.actor, {
    action: 'member.read',
    targetType: 'member',
    targetId: id,
    after: { name: detail.name, contact: full ? 'full' : 'masked' },
  });
  if (full) return detail;
  return {
    ...detail,
    mobile: maskMobile(detail.mobile),
    cards: detail.cards.map((c) => ({ ...c, number: maskCardNumber(c.number) })),
    contact_masked: true,
  };
}

async function memberDetail(db: Db, id: number): Promise<MemberDetail> {
  const u = await memberRow(db, id);
  const [ref] = u.pid
    ? await db
        .select({ id: referrers.id, name: referrers.username })
        .from(referrers)
        .where(eq(referrers.id, u.pid))
    : [];
  const [walletList, cardList, vip, failures, tags] = await Promise.all([
    walletsOf(db, id),
    cardsOf(db, id),
    vipChangesOf(db, id),
    payPasswordFailures(db, id),
    tagsOfMembers(db, [id]),
  ]);
  const owed = await turnover(db, id);
  return {
    id: u.id,
    name: u.username,
    realname: u.realname,
    mobile: u.mobile,
    email: u.email,
    vip_level: u.vipLevel,
    referrer: ref ?? null,
    isagent: u.isagent === 1,
    is_trial: u.isTrial === 1,
    blocked: u.blocked,
    created_at: time(u.createdAt),
    paysum: formatCents(u.paysumCents),
    turnover_done: formatCents(owed.bet),
    turnover_required: formatCents(owed.required),
    pay_password_locked: failures >= PAY_PASSWORD_MAX_FAILURES,
    pay_password_failures: failures,
    wallets: walletList,
    cards: cardList,
    vip_changes: vip,
    contact_masked: false,
    tags: tags.get(id) ?? [],
  };
}
