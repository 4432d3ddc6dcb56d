import { randomInt } from 'node:crypto';
import { formatCents, formatDateTime, PAGE_SIZES } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { MSG_RED_PACKET_NONE, MSG_RED_PACKET_OFF, RED_PACKET_WINDOW } from '@app/contract/promo';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { beijingDate, beijingDayStart, beijingTime, now } from '../../core/clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Tx } from '../../db/client';
import { deposits, withdrawals } from '../../db/schema/money';
import { redPacketClaims, redPacketRules } from '../../db/schema/promo';
import { siteSettings } from '../../db/schema/site';
import { wallets } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';
import { pageOf, pageOffset } from '../../core/paging';
import { centralWalletId, post, SYSTEM } from '../wallet/ledger';
import { assertNoBreak, guardPlay } from '../protection/guard';
import { addRequirement } from '../wallet/turnover';
import { assertNotTrial } from '../../identity/trial';
import { bandProblem, costsNow } from './value';

export const MSG_TRIAL_NO_RED_PACKET = '试玩账号不能领取红包';
export const MSG_RED_PACKET_SUSPENDED = '红包规则调整中，暂不可领取';
export const MSG_RED_PACKET_WINDOW = `红包活动时间为每日${RED_PACKET_WINDOW.start}-${RED_PACKET_WINDOW.end}`;
const WINDOW_START_HOUR = Number(RED_PACKET_WINDOW.start.slice(0, 2));
const WINDOW_END_HOUR = Number(RED_PACKET_WINDOW.end.slice(0, 2));
/** Smallest packet: 1.00. */
const MIN_PACKET_CENTS = 100n;

type Rule = typeof redPacketRules.$inferSelect;

/** True inside the Beijing claim window [10:00, 12:00). */
export function inClaimWindow(at: number = now()): boolean {
  const { hour } = beijingTime(at);
  return hour >= WINDOW_START_HOUR && hour < WINDOW_END_HOUR;
}

/** The bands in the order a claim tries them (sort, then id). */
export async function rulesOf(db: Db | Tx): Promise<Rule[]> {
  return db.select().from(redPacketRules).orderBy(asc(redPacketRules.sort), asc(redPacketRules.id));
}

/**
 * Deposits still in play since the previous Beijing day 12:00 (up to `at`): those approved, less the
 * withdrawals (in review or paid) submitted since, never below 0. A deposit withdrawn again buys no
 * red packet (hostile review of 2026-11-27: the same 100.00 recycled every day).
 */
async function depositsForToday(db: Db | Tx, userId: number, at: number): Promise<bigint> {
  const since = new Date(beijingDayStart(at) - 12 * 3600_000);
  const until = new Date(at);
  const [inflow] = await db
    .select({ s: sql<string>`coalesce(sum(${deposits.amountCents}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.state, REVIEW_STATES.approved),
        gte(deposits.reviewedAt, since),
        lte(deposits.reviewedAt, until),
      ),
    );
  const [outflow] = await db
    .select({ s: sql<string>`coalesce(sum(${withdrawals.amountCents}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.state, [REVIEW_STATES.pending, REVIEW_STATES.approved]),
        gte(withdrawals.createdAt, since),
        lte(withdrawals.createdAt, until),
      ),
    );
  const net = BigInt(inflow?.s ?? '0') - BigInt(outflow?.s ?? '0');
  return net > 0n ? net : 0n;
}

const maxTimesOf = (rules: Rule[]) => rules.reduce((m, r) => Math.max(m, r.claims), 0);

/** Today's eligibility: the band the deposits fall in, claims allowed (capped) and already made. */
async function eligibility(db: Db | Tx, userId: number, at: number) {
  const rules = await rulesOf(db);
  const deposit = await depositsForToday(db, userId, at);
  const band = rules.find((r) => r.minDepositCents <= deposit && deposit <= r.maxDepositCents) ?? null;
  const maxTimes = maxTimesOf(rules);
  const allowed = band ? Math.min(band.claims, maxTimes) : 0;
  const [c] = await db
    .select({ n: count() })
    .from(redPacketClaims)
    .where(and(eq(redPacketClaims.userId, userId), eq(redPacketClaims.day, beijingDate(at))));
  return { rules, deposit, band, allowed, claimed: c?.n ?? 0, maxTimes };
}

function ruleRows(rules: Rule[]) {
  return rules.map((r) => ({
    start_time: RED_PACKET_WINDOW.start,
    end_time: RED_PACKET_WINDOW.end,
    day_flow: formatCents(r.minDepositCents),
    flow_money: formatCents(r.maxDepositCents),
    recharge: r.claims,
    max_money: formatCents(r.maxAmountCents),
  }));
}

export async function redPacketRecordPage(db: Db, userId: number, page: number) {
  const where = eq(redPacketClaims.userId, userId);
  const [c] = await db.select({ n: count() }).from(redPacketClaims).where(where);
  const rows = await db
    .select()
    .from(redPacketClaims)
    .where(where)
    .orderBy(desc(redPacketClaims.createdAt), desc(redPacketClaims.id))
    .limit(PAGE_SIZES.redPacketRecords)
    .offset(pageOffset(page, PAGE_SIZES.redPacketRecords));
  return pageOf(
    rows.map((r) => ({
      money: formatCents(r.amountCents),
      redpacketmoney: formatCents(r.amountCents),
      created_at: formatDateTime(r.createdAt.getTime()),
      // Credited at once: used when claimed.
      usetime: formatDateTime(r.createdAt.getTime()),
    })),
    c?.n ?? 0,
    page,
    PAGE_SIZES.redPacketRecords,
  );
}

/** /api/userredpacket: claims left and made today, the bands, and a page of records when asked. */
export async function redPacketInfo(db: Db, userId: number, page: number | null) {
  const e = await eligibility(db, userId, now());
  return {
    sendnums: Math.max(0, e.allowed - e.claimed),
    acquirednum: e.claimed,
    max_times: e.maxTimes,
    rules: ruleRows(e.rules),
    list: page === null ? null : await redPacketRecordPage(db, userId, page),
  };
}

/** One attempt: the n-th claim row (unique per member, day and n) and the credit, in one transaction. */
async function claimOnce(db: Db, userId: number, at: number): Promise<bigint> {
  return db.transaction(async (tx) => {
    // One claim of a member at a time: taps queue on the member's central wallet instead of racing
    // for the same n-th claim (the wallet, not the member's row: wallets are locked before members).
    const central = await centralWalletId(tx, userId);
    await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, central)).for('update');
    const e = await eligibility(tx, userId, at);
    if (!e.band || e.claimed >= e.allowed) throw new BusinessError(MSG_RED_PACKET_NONE);
    // A band worth more than 0 to a member (saved under older rules) pays nothing until it is fixed.
    if (bandProblem(e.band, await costsNow(tx))) throw new BusinessError(MSG_RED_PACKET_SUSPENDED);
    const max = e.band.maxAmountCents < MIN_PACKET_CENTS ? MIN_PACKET_CENTS : e.band.maxAmountCents;
    const amount = BigInt(randomInt(Number(MIN_PACKET_CENTS), Number(max) + 1));
    await tx.insert(redPacketClaims).values({
      userId,
      day: beijingDate(at),
      seq: e.claimed + 1,
      amountCents: amount,
      depositCents: e.deposit,
      createdAt: new Date(at),
    });
    await post(tx, {
      reason: 'red_packet',
      reference: `${beijingDate(at)}#${e.claimed + 1}`,
      legs: [
        { account: SYSTEM.bonuses, cents: -amount },
        { wallet: central, cents: amount },
      ],
    });
    // A bonus carries its own turnover (1×), like a claimed rebate.
    await addRequirement(tx, userId, {
      source: 'red_packet',
      cents: amount,
      reference: `${beijingDate(at)}#${e.claimed + 1}`,
    });
    // 责任博彩: no red packets during a time-out or an exclusion.
    await guardPlay(tx, userId, { kinds: [], amount });
    return amount;
  });
}

/**
 * /api/douserredpacket: switch, window, claims left, then a random amount from 1.00 to the band's
 * maximum credited with the claim row. Claims of one member are serialised by a lock on the member's
 * row; the unique (member, day, n) constraint is the last guard: should two attempts still race for
 * the same n-th claim, the loser retries once (as the next claim, if one is left), else gets the
 * no-claims message.
 */
export async function claimRedPacket(db: Db, userId: number): Promise<bigint> {
  const [s] = await db.select({ on: siteSettings.redpacketSwitch }).from(siteSettings);
  if (s?.on !== 1) throw new BusinessError(MSG_RED_PACKET_OFF);
  await assertNotTrial(db, userId, MSG_TRIAL_NO_RED_PACKET);
  await assertNoBreak(db, userId);
  const at = now();
  if (!inClaimWindow(at)) throw new BusinessError(MSG_RED_PACKET_WINDOW);
  for (let attempt = 0; ; attempt++) {
    try {
      return await claimOnce(db, userId, at);
    } catch (err) {
      if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
      if (attempt >= 1) throw new BusinessError(MSG_RED_PACKET_NONE);
    }
  }
}
