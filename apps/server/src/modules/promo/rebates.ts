import { formatCents, formatDateTime, PAGE_SIZES } from '@app/contract/codecs';
import {
  DATE_FILTER_DAYS,
  REBATE_CATEGORY_LABELS,
  REBATE_STATES,
  type DateFilter,
  type RebateCategory,
} from '@app/contract/enums';
import { MSG_REBATE_NONE } from '@app/contract/promo';
import { rebateCategoryOf } from '@app/contract/turnover';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { beijingDayStart, DAY_MS, dayStartOf, now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { gamePlatforms } from '../../db/schema/games';
import { validBets } from '../../db/schema/money';
import { rebates, vipLevels } from '../../db/schema/promo';
import { BusinessError } from '../../core/errors';
import { pageOf, pageOffset } from '../../core/paging';
import { addRequirement } from '../wallet/turnover';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { guardPlay } from '../protection/guard';

/** Rate columns of vip_levels by rebate category. */
const RATE_COLUMN = {
  realperson: 'realperson',
  sport: 'sport',
  e_sport: 'eSport',
  joker: 'joker',
  electron: 'electron',
  lottery: 'lottery',
} as const satisfies Record<RebateCategory, keyof typeof vipLevels.$inferSelect>;

export type VipRates = typeof vipLevels.$inferSelect;
export const rateOf = (level: VipRates, category: RebateCategory): number => level[RATE_COLUMN[category]];

/**
 * Turns the valid bets of a Beijing day into pending rebates: per member and rebate category,
 * valid × the member's VIP rate (basis points, rounded down to the cent); trial accounts and zero
 * amounts get none. Once per member, category and day: a second run inserts nothing.
 * Returns the number of records written.
 */
export async function computeRebates(db: Db, day: string): Promise<number> {
  const start = dayStartOf(day);
  const sums = await db
    .select({
      userId: validBets.userId,
      category: validBets.category,
      valid: sql<string>`sum(${validBets.validCents})::text`,
      level: users.vipLevel,
    })
    .from(validBets)
    .innerJoin(users, eq(users.id, validBets.userId))
    .where(
      and(
        eq(validBets.state, 'settled'),
        eq(users.isTrial, 0),
        gte(validBets.createdAt, new Date(start)),
        lt(validBets.createdAt, new Date(start + DAY_MS)),
      ),
    )
    .groupBy(validBets.userId, validBets.category, users.vipLevel);
  const levels = new Map((await db.select().from(vipLevels)).map((l) => [l.level, l]));
  const perKey = new Map<
    string,
    { userId: number; category: RebateCategory; valid: bigint; level: number }
  >();
  for (const s of sums) {
    const category = rebateCategoryOf(s.category);
    if (!category) continue;
    const key = `${s.userId}:${category}`;
    const prev = perKey.get(key);
    perKey.set(key, {
      userId: s.userId,
      category,
      valid: (prev?.valid ?? 0n) + BigInt(s.valid),
      level: s.level,
    });
  }
  const at = new Date(now());
  const values = [];
  for (const r of perKey.values()) {
    const level = levels.get(r.level) ?? levels.get(1);
    if (!level) continue;
    const rate = rateOf(level, r.category);
    const amount = (r.valid * BigInt(rate)) / 10_000n;
    if (amount <= 0n) continue;
    values.push({
      userId: r.userId,
      category: r.category,
      day,
      validCents: r.valid,
      rateBasisPoints: rate,
      amountCents: amount,
      vipLevel: level.level,
      state: REBATE_STATES.unclaimed,
      createdAt: at,
    });
  }
  if (values.length === 0) return 0;
  const inserted = await db
    .insert(rebates)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: rebates.id });
  return inserted.length;
}

/** The rebate categories an `api_type` filter means: a rebate category, or a venue's hall category. */
async function categoriesOf(db: Db, apiType: string): Promise<string[]> {
  const direct = rebateCategoryOf(apiType);
  if (direct) return [direct];
  const rows = await db
    .select({ category: gamePlatforms.category })
    .from(gamePlatforms)
    .where(sql`lower(${gamePlatforms.platformName}) = ${apiType.toLowerCase()}`);
  return [...new Set(rows.map((r) => rebateCategoryOf(r.category)).filter((c) => c !== null))];
}

const sumOf = async (db: Db, userId: number, state: number) => {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${rebates.amountCents}), 0)::text` })
    .from(rebates)
    .where(and(eq(rebates.userId, userId), eq(rebates.state, state)));
  return BigInt(row?.s ?? '0');
};

/** The created-at window of a rebate query: Beijing days start…end, or the date filter up to now. */
function windowOf(q: { date: DateFilter; range: { start: string; end: string } | null }) {
  if (q.range) return [new Date(dayStartOf(q.range.start)), new Date(dayStartOf(q.range.end) + DAY_MS)];
  return [new Date(beijingDayStart() - (DATE_FILTER_DAYS[q.date] - 1) * DAY_MS), null] as const;
}

/**
 * /api/getfanshui: a page of the member's rebates created within the date range (Beijing days,
 * checked by the contract) or the date filter (1 today … 4 the last 30 days), optionally of one
 * venue / category and one state; jisuan = everything claimed, nojisuan = everything pending.
 */
export async function rebatePage(
  db: Db,
  userId: number,
  q: {
    date: DateFilter;
    range: { start: string; end: string } | null;
    page: number;
    api_type: string | null;
    type: 0 | 1 | null;
  },
) {
  const [since, until] = windowOf(q);
  const conditions = [eq(rebates.userId, userId), gte(rebates.createdAt, since)];
  if (until) conditions.push(lt(rebates.createdAt, until));
  if (q.type !== null) conditions.push(eq(rebates.state, q.type));
  let empty = false;
  if (q.api_type !== null) {
    const cats = await categoriesOf(db, q.api_type);
    if (cats.length === 0) empty = true;
    else conditions.push(inArray(rebates.category, cats));
  }
  let data: {
    gamename: string;
    money: string;
    created_at: string;
    updated_at: string | null;
    state: number;
  }[] = [];
  let total = 0;
  if (!empty) {
    const where = and(...conditions);
    total = (await db.select({ n: count() }).from(rebates).where(where))[0]?.n ?? 0;
    const rows = await db
      .select()
      .from(rebates)
      .where(where)
      .orderBy(desc(rebates.day), desc(rebates.id))
      .limit(PAGE_SIZES.rebateRecords)
      .offset(pageOffset(q.page, PAGE_SIZES.rebateRecords));
    data = rows.map((r) => ({
      gamename: `${REBATE_CATEGORY_LABELS[r.category as RebateCategory] ?? r.category} ${r.day}`,
      money: formatCents(r.amountCents),
      created_at: formatDateTime(r.createdAt.getTime()),
      updated_at: r.claimedAt ? formatDateTime(r.claimedAt.getTime()) : null,
      state: r.state,
    }));
  }
  return {
    list: pageOf(data, total, q.page, PAGE_SIZES.rebateRecords),
    jisuan: formatCents(await sumOf(db, userId, REBATE_STATES.claimed)),
    nojisuan: formatCents(await sumOf(db, userId, REBATE_STATES.unclaimed)),
  };
}

/**
 * /api/dofanshui: claims every pending rebate in one transaction (state 0 → 1, guarded, so two taps
 * at once pay once), credits bonuses → central wallet and adds 1× the sum to the turnover requirement.
 */
export async function claimRebates(db: Db, userId: number): Promise<bigint> {
  return db.transaction(async (tx) => {
    const at = new Date(now());
    const claimed = await tx
      .update(rebates)
      .set({ state: REBATE_STATES.claimed, claimedAt: at })
      .where(and(eq(rebates.userId, userId), eq(rebates.state, REBATE_STATES.unclaimed)))
      .returning({ amount: rebates.amountCents });
    const sum = claimed.reduce((s, r) => s + r.amount, 0n);
    if (sum <= 0n) throw new BusinessError(MSG_REBATE_NONE);
    await post(tx, {
      reason: 'rebate',
      reference: `rebate:${claimed.length}`,
      legs: [
        { account: SYSTEM.bonuses, cents: -sum },
        { wallet: await centralWalletId(tx, userId), cents: sum },
      ],
    });
    await addRequirement(tx, userId, { source: 'rebate', cents: sum, reference: `rebate:${claimed.length}` });
    // 责任博彩: no rebate claims during a time-out or an exclusion (they wait for its end).
    await guardPlay(tx, userId, { kinds: [], amount: sum });
    return sum;
  });
}
