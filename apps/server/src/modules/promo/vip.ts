import { formatCents } from '@app/contract/codecs';
import { REBATE_CATEGORIES } from '@app/contract/enums';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { DAY_MS, dayStartOf, now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { vipChanges, vipLevels } from '../../db/schema/promo';
import { rateOf } from './rebates';

/** Retention: the turnover of a level is due within this many days. */
export const RETENTION_DAYS = 90;

/** Basis points → a percent number (80 → 0.8). */
const percent = (bp: number) => bp / 100;

/** /api/uservip: the ten levels with thresholds (yuan strings) and the six rates as percent numbers. */
export async function vipLevelList(db: Db) {
  const rows = await db.select().from(vipLevels).orderBy(asc(vipLevels.level));
  return rows.map((l) => ({
    level: l.level,
    recharge: formatCents(l.rechargeCents),
    flow: formatCents(l.flowCents),
    keep_flow: formatCents(l.keepFlowCents),
    ...(Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, percent(rateOf(l, c))])) as Record<
      (typeof REBATE_CATEGORIES)[number],
      number
    >),
  }));
}

/** /api/vipProgress: deposits and valid bets since the member's last drop against the next level. */
export async function vipProgressOf(db: Db, userId: number) {
  const [u] = await db.select({ level: users.vipLevel }).from(users).where(eq(users.id, userId));
  const level = u?.level ?? 1;
  const [next] = await db
    .select()
    .from(vipLevels)
    .where(eq(vipLevels.level, level + 1));
  const [drop] = await db
    .select({ at: sql<number | null>`(extract(epoch from max(${vipChanges.createdAt})) * 1000)::float8` })
    .from(vipChanges)
    .where(and(eq(vipChanges.userId, userId), lt(vipChanges.toLevel, vipChanges.fromLevel)));
  const since = new Date(drop?.at == null ? 0 : Number(drop.at));
  const until = new Date(now() + 1);
  const [dep] = await db
    .select({ s: sql<string>`coalesce(sum(${deposits.amountCents}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.state, REVIEW_STATES.approved),
        gte(deposits.reviewedAt, since),
      ),
    );
  return {
    level,
    next_level: next ? next.level : 0,
    deposits: formatCents(BigInt(dep?.s ?? '0')),
    bets: formatCents(await validSum(db, userId, since, until)),
    next_recharge: formatCents(next?.rechargeCents ?? 0n),
    next_flow: formatCents(next?.flowCents ?? 0n),
  };
}

export interface VipRunResult {
  promoted: number;
  demoted: number;
}

/**
 * The daily VIP job for a Beijing day, as of that day's end:
 * - promotion by one level (never more) when the member's deposits and valid bets, counted since
 *   their last drop (or ever), reach the next level's `recharge` and `flow`;
 * - otherwise, a member at level ≥ 2 who has held the level for 90 days and whose valid bets over
 *   the last 90 days (the day included) are below the level's `keep_flow` drops one level.
 * At most one change per member and day (vip_changes is unique per member and day), so running the
 * job twice for a day, or in two processes, changes nothing more.
 */
export async function runVip(db: Db, day: string): Promise<VipRunResult> {
  const end = new Date(dayStartOf(day) + DAY_MS);
  const windowStart = new Date(dayStartOf(day) - (RETENTION_DAYS - 1) * DAY_MS);
  const levels = await db.select().from(vipLevels).orderBy(asc(vipLevels.level));
  const run: VipRun = {
    day,
    end,
    windowStart,
    byLevel: new Map(levels.map((l) => [l.level, l])),
    top: levels.at(-1)?.level ?? 1,
  };
  const members = await vipMembers(db, end);
  const historyOf = new Map((await vipHistory(db, end)).map((h) => [h.userId, h]));

  const result: VipRunResult = { promoted: 0, demoted: 0 };
  for (const m of members) {
    const h = historyOf.get(m.id);
    const to = (await promotionOf(db, run, m, h)) ?? (await demotionOf(db, run, m, h));
    if (to === null) continue;
    const from = m.level;
    const changed = await changeLevel(db, run, m.id, from, to);
    if (changed) {
      if (to > from) result.promoted += 1;
      else result.demoted += 1;
    }
  }
  return result;
}

/** What one day's run compares every member with. */
interface VipRun {
  day: string;
  /** The day's end: nothing at or after it counts. */
  end: Date;
  /** The start of the retention window (RETENTION_DAYS days, the day included). */
  windowStart: Date;
  byLevel: Map<number, typeof vipLevels.$inferSelect>;
  top: number;
}

type VipMember = Awaited<ReturnType<typeof vipMembers>>[number];
type VipHistory = Awaited<ReturnType<typeof vipHistory>>[number];

/** The real members who existed before the day's end. */
function vipMembers(db: Db, end: Date) {
  return db
    .select({
      id: users.id,
      level: users.vipLevel,
      paysum: users.paysumCents,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.isTrial, 0), lt(users.createdAt, end)));
}

/** Epoch ms of each member's last change and last drop (before the day's end). */
function vipHistory(db: Db, end: Date) {
  return db
    .select({
      userId: vipChanges.userId,
      lastChange: sql<number>`(extract(epoch from max(${vipChanges.createdAt})) * 1000)::float8`,
      lastDrop: sql<
        number | null
      >`(extract(epoch from max(${vipChanges.createdAt}) filter (where ${vipChanges.toLevel} < ${vipChanges.fromLevel})) * 1000)::float8`,
    })
    .from(vipChanges)
    .where(lt(vipChanges.createdAt, end))
    .groupBy(vipChanges.userId);
}

/** The next level when the member qualifies for it, else null. */
async function promotionOf(
  db: Db,
  run: VipRun,
  m: VipMember,
  h: VipHistory | undefined,
): Promise<number | null> {
  const since = new Date(h?.lastDrop == null ? 0 : Number(h.lastDrop));
  const next = run.byLevel.get(m.level + 1);
  // paysum (every approved deposit) bounds the deposits since the last drop: most members stop here.
  if (!next || m.level >= run.top || m.paysum < next.rechargeCents) return null;
  const [dep] = await db
    .select({ s: sql<string>`coalesce(sum(${deposits.amountCents}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, m.id),
        eq(deposits.state, REVIEW_STATES.approved),
        gte(deposits.reviewedAt, since),
        lt(deposits.reviewedAt, run.end),
      ),
    );
  if (BigInt(dep?.s ?? '0') < next.rechargeCents) return null;
  const bets = await validSum(db, m.id, since, run.end);
  return bets >= next.flowCents ? m.level + 1 : null;
}

/** The level below when the member has held theirs for the window without its turnover, else null. */
async function demotionOf(
  db: Db,
  run: VipRun,
  m: VipMember,
  h: VipHistory | undefined,
): Promise<number | null> {
  if (m.level <= 1) return null;
  const heldSince = h ? Number(h.lastChange) : m.createdAt.getTime();
  const current = run.byLevel.get(m.level);
  if (!current || run.end.getTime() - heldSince < RETENTION_DAYS * DAY_MS) return null;
  const recent = await validSum(db, m.id, run.windowStart, run.end);
  return recent < current.keepFlowCents ? m.level - 1 : null;
}

/** Records the day's change and moves the member; false when the day already has one (or the level moved). */
function changeLevel(db: Db, run: VipRun, userId: number, from: number, to: number): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const rows = await tx
        .insert(vipChanges)
        .values({
          userId,
          day: run.day,
          fromLevel: from,
          toLevel: to,
          createdAt: new Date(Math.min(now(), run.end.getTime() - 1)),
        })
        .onConflictDoNothing()
        .returning({ id: vipChanges.id });
      if (rows.length === 0) return false;
      const updated = await tx
        .update(users)
        .set({ vipLevel: to })
        .where(and(eq(users.id, userId), eq(users.vipLevel, from)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new Error('vip level changed meanwhile');
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof Error && err.message === 'vip level changed meanwhile') return false;
      throw err;
    });
}

async function validSum(db: Db, userId: number, from: Date, to: Date): Promise<bigint> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${validBets.validCents}), 0)::text` })
    .from(validBets)
    .where(
      and(
        eq(validBets.userId, userId),
        eq(validBets.state, 'settled'),
        gte(validBets.createdAt, from),
        lt(validBets.createdAt, to),
      ),
    );
  return BigInt(row?.s ?? '0');
}
