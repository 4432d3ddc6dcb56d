import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  EXCLUSION_MONTH_DAYS,
  LIMIT_CONFIRM_DAYS,
  LIMIT_COOLING_HOURS,
  LIMIT_PERIODS,
  MSG_BREAK_ACTIVE,
  MSG_LIMIT_NO_PENDING,
  MSG_LIMIT_NOT_YET,
  MSG_LIMIT_ORDER_DAY,
  MSG_LIMIT_ORDER_WEEK,
  type LimitKind,
  type LimitPeriod,
} from '@app/contract/protection';
import { MSG_ONLY_TIGHTEN } from '@app/contract/console-protection';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { playBreaks, playLimitEvents, playLimits, playSettings } from '../../db/schema/protection';
import type { RoomBus } from '../../http/realtime/room-bus';
import { lockMember } from '../../identity/member-lock';
import { allSessionsEnded } from '../auth/revocation';
import { activeBreak, periodEnd, periodStart, playSince, usedOf } from './guard';

const COOLING_MS = LIMIT_COOLING_HOURS * 3_600_000;
const CONFIRM_MS = LIMIT_CONFIRM_DAYS * DAY_MS;

type LimitRow = typeof playLimits.$inferSelect;

const limitWhere = (userId: number, kind: LimitKind, period: LimitPeriod) =>
  and(eq(playLimits.userId, userId), eq(playLimits.kind, kind), eq(playLimits.period, period));

/** A pending change past its confirmation window no longer exists. */
const pendingLive = (l: LimitRow, at: number) =>
  l.pendingFrom !== null && at <= l.pendingFrom.getTime() + CONFIRM_MS;

/** The member's limits with what is used now, and the break in force: the reply of every call. */
export async function protectionOf(db: Db | Tx, userId: number) {
  const at = now();
  const rows = await db.select().from(playLimits).where(eq(playLimits.userId, userId));
  const limits = [];
  for (const l of rows) {
    const kind = l.kind as LimitKind;
    const period = l.period as LimitPeriod;
    const from = periodStart(l.anchorAt.getTime(), period, at);
    const used = await usedOf(db, userId, kind, from);
    const pendingFrom = l.pendingFrom?.getTime() ?? 0;
    limits.push({
      kind,
      period,
      amount: formatCents(l.amountCents),
      used: formatCents(used),
      remaining: formatCents(l.amountCents > used ? l.amountCents - used : 0n),
      resets_at: formatDateTime(periodEnd(from, period)),
      pending: pendingLive(l, at)
        ? {
            amount: l.pendingRemove ? null : formatCents(l.pendingCents ?? 0n),
            confirm_from: formatDateTime(pendingFrom),
            confirm_by: formatDateTime(pendingFrom + CONFIRM_MS),
          }
        : null,
    });
  }
  const order = (k: string, p: string) => `${k}:${LIMIT_PERIODS.indexOf(p as LimitPeriod)}`;
  limits.sort((a, b) => order(a.kind, a.period).localeCompare(order(b.kind, b.period)));
  const b = await activeBreak(db, userId, at);
  const [settings] = await db.select().from(playSettings).where(eq(playSettings.userId, userId));
  const sessionFrom = settings?.pendingSessionFrom?.getTime() ?? null;
  return {
    reality_check: settings?.realityCheckMinutes ?? 0,
    session_limit: {
      minutes: settings?.sessionLimitMinutes ?? 0,
      pending:
        sessionFrom !== null && at <= sessionFrom + CONFIRM_MS
          ? {
              minutes: settings?.pendingSessionMinutes ?? 0,
              confirm_from: formatDateTime(sessionFrom),
              confirm_by: formatDateTime(sessionFrom + CONFIRM_MS),
            }
          : null,
    },
    limits,
    break: b
      ? {
          kind: b.kind as 'timeout' | 'exclusion',
          started_at: formatDateTime(b.startedAt.getTime()),
          ends_at: b.endsAt ? formatDateTime(b.endsAt.getTime()) : null,
        }
      : null,
  };
}

/** Daily ≤ weekly ≤ monthly among one kind's amounts, `changed` standing for its period's new amount. */
function checkOrder(
  rows: LimitRow[],
  kind: LimitKind,
  changed: { period: LimitPeriod; cents: bigint | null },
) {
  const amount = (p: LimitPeriod): bigint | null => {
    if (p === changed.period) return changed.cents;
    return rows.find((r) => r.kind === kind && r.period === p)?.amountCents ?? null;
  };
  const [day = null, week = null, month = null] = LIMIT_PERIODS.map(amount);
  const above = (a: bigint | null, b: bigint | null) => a !== null && b !== null && a > b;
  if (above(day, week) || above(day, month)) throw new BusinessError(MSG_LIMIT_ORDER_DAY);
  if (above(week, month)) throw new BusinessError(MSG_LIMIT_ORDER_WEEK);
}

async function logEvent(
  tx: Tx,
  userId: number,
  e: { kind: LimitKind; period: LimitPeriod; action: string; cents: bigint | null; actor: string },
) {
  await tx.insert(playLimitEvents).values({
    userId,
    kind: e.kind,
    period: e.period,
    action: e.action,
    amountCents: e.cents,
    actor: e.actor,
    createdAt: new Date(now()),
  });
}

/**
 * Sets one limit (`cents`) or asks to remove it (null). A first or lower amount applies at once (and
 * drops a pending change); a higher one or a removal waits COOLING_MS and the member's confirmation.
 * An operator (`by.actor` its name) may only tighten: a raise or a removal is refused.
 */
export async function setLimit(
  db: Db,
  userId: number,
  input: { kind: LimitKind; period: LimitPeriod; cents: bigint | null },
  by: { actor: string; operator: boolean } = { actor: 'member', operator: false },
): Promise<void> {
  const actor = by.actor;
  const { kind, period, cents } = input;
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const at = now();
    const rows = await tx.select().from(playLimits).where(eq(playLimits.userId, userId));
    const row = rows.find((r) => r.kind === kind && r.period === period);
    const where = limitWhere(userId, kind, period);
    const event = { kind, period, actor };
    const tightens = cents !== null && (!row || cents <= row.amountCents);
    if (by.operator && !tightens) throw new BusinessError(MSG_ONLY_TIGHTEN);
    if (cents === null) {
      if (!row) return;
      await tx
        .update(playLimits)
        .set({
          pendingCents: null,
          pendingRemove: 1,
          pendingFrom: new Date(at + COOLING_MS),
          updatedAt: new Date(at),
        })
        .where(where);
      return logEvent(tx, userId, { ...event, action: 'remove_requested', cents: null });
    }
    if (!row || cents <= row.amountCents) {
      checkOrder(rows, kind, { period, cents });
      const values = {
        amountCents: cents,
        pendingCents: null,
        pendingRemove: 0,
        pendingFrom: null,
        updatedAt: new Date(at),
      };
      if (row) await tx.update(playLimits).set(values).where(where);
      else await tx.insert(playLimits).values({ userId, kind, period, anchorAt: new Date(at), ...values });
      const action = by.operator ? 'tightened' : row ? 'lowered' : 'set';
      return logEvent(tx, userId, { ...event, action, cents });
    }
    checkOrder(rows, kind, { period, cents });
    await tx
      .update(playLimits)
      .set({
        pendingCents: cents,
        pendingRemove: 0,
        pendingFrom: new Date(at + COOLING_MS),
        updatedAt: new Date(at),
      })
      .where(where);
    await logEvent(tx, userId, { ...event, action: 'raise_requested', cents });
  });
}

/** Applies a pending higher limit or removal once its cooling-off is over and before it lapses. */
export async function confirmLimit(
  db: Db,
  userId: number,
  input: { kind: LimitKind; period: LimitPeriod },
): Promise<void> {
  const { kind, period } = input;
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const at = now();
    const rows = await tx.select().from(playLimits).where(eq(playLimits.userId, userId));
    const row = rows.find((r) => r.kind === kind && r.period === period);
    if (!row || !pendingLive(row, at)) throw new BusinessError(MSG_LIMIT_NO_PENDING);
    if (at < (row.pendingFrom?.getTime() ?? 0)) throw new BusinessError(MSG_LIMIT_NOT_YET);
    const where = limitWhere(userId, kind, period);
    if (row.pendingRemove) {
      await tx.delete(playLimits).where(where);
      return logEvent(tx, userId, { kind, period, action: 'removed', cents: null, actor: 'member' });
    }
    const cents = row.pendingCents ?? row.amountCents;
    checkOrder(rows, kind, { period, cents });
    await tx
      .update(playLimits)
      .set({ amountCents: cents, pendingCents: null, pendingFrom: null, updatedAt: new Date(at) })
      .where(where);
    await logEvent(tx, userId, { kind, period, action: 'raised', cents, actor: 'member' });
  });
}

export type BreakInput = { kind: 'timeout'; days: number } | { kind: 'exclusion'; months: number };

/**
 * A time-out or a self-exclusion from now; during one, only a longer one is taken. Every session of
 * the member ends with its games and sockets (signing in again offers withdrawing only).
 */
export async function takeBreak(db: Db, bus: RoomBus, userId: number, input: BreakInput): Promise<void> {
  const at = now();
  const days = input.kind === 'timeout' ? input.days : input.months * EXCLUSION_MONTH_DAYS;
  const endsAt = days === 0 ? null : new Date(at + days * DAY_MS);
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = await activeBreak(tx, userId, at);
    const longer = current && (current.endsAt === null || (endsAt !== null && endsAt <= current.endsAt));
    if (longer) throw new BusinessError(MSG_BREAK_ACTIVE);
    await tx.insert(playBreaks).values({ userId, kind: input.kind, startedAt: new Date(at), endsAt });
  });
  await allSessionsEnded(db, bus, userId);
}

/** The reality check's interval (0: off). */
export async function setRealityCheck(db: Db, userId: number, minutes: number): Promise<void> {
  const updatedAt = new Date(now());
  await db
    .insert(playSettings)
    .values({ userId, realityCheckMinutes: minutes, updatedAt })
    .onConflictDoUpdate({ target: playSettings.userId, set: { realityCheckMinutes: minutes, updatedAt } });
}

/** This sign-in session so far: when it began and ends, its stakes, winnings and net result (cents). */
export async function sessionSummary(db: Db, userId: number, sessionId: number) {
  const [s] = await db
    .select({ createdAt: sessions.createdAt, endsAt: sessions.endsAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  const started = s?.createdAt.getTime() ?? now();
  const play = await playSince(db, userId, started);
  return {
    started_at: formatDateTime(started),
    ends_at: s?.endsAt ? formatDateTime(s.endsAt.getTime()) : null,
    stakes: formatCents(play.stakes),
    winnings: formatCents(play.net + play.stakes),
    net: formatCents(play.net),
  };
}
