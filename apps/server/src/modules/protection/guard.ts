import {
  breakMessage,
  LIMIT_KIND_LABELS,
  LIMIT_PERIOD_HOURS,
  LIMIT_PERIOD_LABELS,
  limitMessage,
  MSG_BREAK_FOREVER,
  type LimitKind,
  type LimitPeriod,
} from '@app/contract/protection';
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { playBreaks, playLimits } from '../../db/schema/protection';
import { lockMember } from '../../identity/member-lock';

/* The one place every money path asks whether a member may put money into play (责任博彩). It runs
 * inside the path's transaction AFTER its movement (the lock order is wallets, then the member), so
 * the counts include the movement itself and a refusal rolls it back; the member's row lock makes
 * concurrent movements of one member count one after another, on every process. */

/** Ledger reasons whose member entries are stakes (negative) and winnings (positive). */
const PLAY_REASONS = ['lottery_stake', 'lottery_win', 'game_round'] as const;

export interface PlayBreakRow {
  kind: string;
  startedAt: Date;
  endsAt: Date | null;
}

/** The time-out or exclusion in force for the member now, if any. */
export async function activeBreak(db: Db | Tx, userId: number, at = now()): Promise<PlayBreakRow | null> {
  const [row] = await db
    .select({ kind: playBreaks.kind, startedAt: playBreaks.startedAt, endsAt: playBreaks.endsAt })
    .from(playBreaks)
    .where(
      and(
        eq(playBreaks.userId, userId),
        isNull(playBreaks.liftedAt),
        or(isNull(playBreaks.endsAt), gt(playBreaks.endsAt, new Date(at))),
      ),
    )
    .orderBy(sql`${playBreaks.endsAt} desc nulls first`, desc(playBreaks.id))
    .limit(1);
  return row ?? null;
}

/** A refusal of the guard: the money paths that report per item (an approval) catch this class. */
export class ProtectionRefusal extends BusinessError {}

/** Who is told: the member (您…) or an operator approving for the member (会员…). */
export type Audience = 'member' | 'operator';

/** The refusal of anything but withdrawing and reading one's records during a break. */
export function breakRefusal(b: PlayBreakRow, audience: Audience = 'member'): ProtectionRefusal {
  const until = b.endsAt ? formatDateTime(b.endsAt.getTime()).slice(0, 16) : null;
  if (audience === 'operator') {
    return new ProtectionRefusal(
      `会员处于${b.kind === 'exclusion' ? '自我排除' : '暂停'}期间（至${until ?? '永久'}）`,
    );
  }
  return new ProtectionRefusal(until ? breakMessage(until) : MSG_BREAK_FOREVER);
}

/**
 * For queries over members: true when the member of `userId` (a column) is in a break at `at`. The
 * bulk site messages leave them out (no promotions reach a member in a time-out or an exclusion).
 */
export function onBreakAt(userId: SQL, at: number): SQL {
  return sql`exists (select 1 from play_breaks b where b.user_id = ${userId} and b.lifted_at is null
    and (b.ends_at is null or b.ends_at > ${new Date(at).toISOString()}::timestamptz))`;
}

/** Refuses during a break; outside a transaction's guard (the promotions' calls, opening a game). */
export async function assertNoBreak(db: Db | Tx, userId: number): Promise<void> {
  const b = await activeBreak(db, userId);
  if (b) throw breakRefusal(b);
}

/** The start of the fixed period a limit is in at `at`: anchor + k × length. */
export function periodStart(anchorMs: number, period: LimitPeriod, at: number): number {
  const len = LIMIT_PERIOD_HOURS[period] * 3_600_000;
  return anchorMs + Math.max(0, Math.floor((at - anchorMs) / len)) * len;
}

export const periodEnd = (start: number, period: LimitPeriod) =>
  start + LIMIT_PERIOD_HOURS[period] * 3_600_000;

/** Deposits credited to the member since `from`, cents; with `pending`, deposits in review too. */
async function depositsSince(db: Db | Tx, userId: number, from: number, pending: boolean): Promise<bigint> {
  const credited = await db.execute(sql`
    select coalesce(sum(e.amount_cents), 0)::text as c from ledger_entries e
    join wallets w on w.id = e.wallet_id
    where w.user_id = ${userId} and e.reason = 'deposit' and e.created_at >= ${new Date(from).toISOString()}::timestamptz`);
  let cents = BigInt(rowsOf<{ c: string }>(credited)[0]?.c ?? '0');
  if (pending) {
    // Past its window a deposit can no longer be approved (补单 aside): it no longer holds a place.
    const windowFrom = new Date(now() - DEPOSIT_WINDOW_MINUTES * 60_000).toISOString();
    const open = await db.execute(sql`
      select coalesce(sum(amount_cents), 0)::text as c from deposits
      where user_id = ${userId} and state = ${REVIEW_STATES.pending}
        and created_at >= ${new Date(from).toISOString()}::timestamptz and created_at > ${windowFrom}::timestamptz`);
    cents += BigInt(rowsOf<{ c: string }>(open)[0]?.c ?? '0');
  }
  return cents;
}

/** Stakes (net of refunds) and net result of the member's play since `from`, cents. */
export async function playSince(db: Db | Tx, userId: number, from: number) {
  const result = await db.execute(sql`
    select coalesce(sum(case when e.reason = 'lottery_stake' or e.amount_cents < 0 then -e.amount_cents else 0 end), 0)::text as stakes,
           coalesce(sum(e.amount_cents), 0)::text as net
    from ledger_entries e join wallets w on w.id = e.wallet_id
    where w.user_id = ${userId} and e.reason in (${sql.join(
      PLAY_REASONS.map((r) => sql`${r}`),
      sql`, `,
    )}) and e.created_at >= ${new Date(from).toISOString()}::timestamptz`);
  const row = rowsOf<{ stakes: string; net: string }>(result)[0];
  const stakes = BigInt(row?.stakes ?? '0');
  const net = BigInt(row?.net ?? '0');
  return { stakes, net, loss: net < 0n ? -net : 0n };
}

/**
 * What a limit counts in its period, cents. `pending`: a deposit order counts those in review too;
 * `unseenWin`: winnings of the movement being checked, left out so its stake counts as lost.
 */
export async function usedOf(
  db: Db | Tx,
  userId: number,
  kind: LimitKind,
  from: number,
  opts: { pending?: boolean; unseenWin?: bigint } = {},
): Promise<bigint> {
  if (kind === 'deposit') return depositsSince(db, userId, from, opts.pending === true);
  const play = await playSince(db, userId, from);
  if (kind === 'wager') return play.stakes;
  const net = play.net - (opts.unseenWin ?? 0n);
  return net < 0n ? -net : 0n;
}

export interface PlayCheck {
  /** Which limits this movement counts toward. */
  kinds: readonly LimitKind[];
  /** The movement's size, cents: what was left before it is told on a refusal. */
  amount: bigint;
  /** A deposit order (not yet credited): pending deposits count too. */
  pendingDeposits?: boolean;
  /**
   * The winnings the movement itself paid (a demo-game round settles with its stake): the loss limit
   * counts the stake as lost, else refusing only losing rounds would let a member keep the winners.
   */
  unseenWin?: bigint;
  audience?: Audience;
}

/**
 * Inside the transaction, after the movement: refuses (rolling it back) during a break, or when any
 * of the member's limits of `kinds` is now exceeded in its current period.
 */
export async function guardPlay(tx: Tx, userId: number, check: PlayCheck): Promise<void> {
  await lockMember(tx, userId);
  const at = now();
  const b = await activeBreak(tx, userId, at);
  if (b) throw breakRefusal(b, check.audience);
  if (check.kinds.length === 0) return;
  const limits = await tx
    .select({
      kind: playLimits.kind,
      period: playLimits.period,
      amount: playLimits.amountCents,
      anchor: playLimits.anchorAt,
    })
    .from(playLimits)
    .where(eq(playLimits.userId, userId));
  for (const l of limits) {
    const kind = l.kind as LimitKind;
    if (!check.kinds.includes(kind)) continue;
    const period = l.period as LimitPeriod;
    const from = periodStart(l.anchor.getTime(), period, at);
    const used = await usedOf(tx, userId, kind, from, {
      pending: check.pendingDeposits,
      unseenWin: check.unseenWin,
    });
    if (used <= l.amount) continue;
    const label = `${LIMIT_PERIOD_LABELS[period]}${LIMIT_KIND_LABELS[kind]}`;
    if (check.audience === 'operator') throw new ProtectionRefusal(`超出会员设置的${label}`);
    // What was left before this movement: the limit less what was counted without it.
    const left = l.amount - (used - check.amount);
    throw new ProtectionRefusal(limitMessage(label, formatCents(left > 0n ? left : 0n)));
  }
}
