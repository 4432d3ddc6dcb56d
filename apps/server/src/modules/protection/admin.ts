import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  EXCLUSION_MIN_MONTHS,
  MSG_LIFT_NOT_EXCLUSION,
  MSG_LIFT_TOO_EARLY,
  type MemberProtection,
} from '@app/contract/console-protection';
import {
  EXCLUSION_MONTH_DAYS,
  LIMIT_KIND_LABELS,
  LIMIT_PERIOD_LABELS,
  type LimitKind,
  type LimitPeriod,
} from '@app/contract/protection';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { playBreaks, playLimitEvents } from '../../db/schema/protection';
import { lockMember } from '../../identity/member-lock';
import { messageMember } from '../member/admin-actions';
import { protectionOf, setLimit } from './service';

/* 责任博彩 for the console's member page: what the member set and when, and the two things an
 * operator may do: tighten a limit, and (超级管理员) lift an exclusion past its minimum. */

const MIN_EXCLUSION_MS = EXCLUSION_MIN_MONTHS * EXCLUSION_MONTH_DAYS * DAY_MS;
const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

/** The member's limits in force with their use, every change, and the breaks, newest first. */
/** A session-time limit in the history: its minutes, or 不限 (0: removed). */
const minutesText = (minutes: bigint) => (minutes === 0n ? '不限' : `${minutes}分钟`);

export async function memberProtection(db: Db, userId: number): Promise<MemberProtection> {
  const state = await protectionOf(db, userId);
  const history = await db
    .select()
    .from(playLimitEvents)
    .where(eq(playLimitEvents.userId, userId))
    .orderBy(desc(playLimitEvents.id))
    .limit(200);
  const breaks = await db
    .select()
    .from(playBreaks)
    .where(eq(playBreaks.userId, userId))
    .orderBy(desc(playBreaks.id))
    .limit(50);
  const at = now();
  return {
    limits: state.limits.map((l) => ({
      ...l,
      pending: l.pending && { amount: l.pending.amount, confirm_from: l.pending.confirm_from },
    })),
    session_limit: {
      minutes: state.session_limit.minutes,
      pending_minutes: state.session_limit.pending?.minutes ?? null,
    },
    history: history.map((e) => ({
      kind: e.kind as LimitKind | 'session',
      period: e.period as LimitPeriod,
      action: e.action,
      amount:
        e.amountCents === null
          ? null
          : e.kind === 'session'
            ? minutesText(e.amountCents)
            : formatCents(e.amountCents),
      actor: e.actor,
      created_at: formatDateTime(e.createdAt.getTime()),
    })),
    breaks: breaks.map((b) => {
      const active = b.liftedAt === null && (b.endsAt === null || b.endsAt.getTime() > at);
      return {
        id: b.id,
        kind: b.kind as 'timeout' | 'exclusion',
        started_at: formatDateTime(b.startedAt.getTime()),
        ends_at: time(b.endsAt),
        lifted_at: time(b.liftedAt),
        lifted_by: b.liftedBy,
        lift_reason: b.liftReason,
        active,
        liftable: active && b.kind === 'exclusion' && at >= b.startedAt.getTime() + MIN_EXCLUSION_MS,
      };
    }),
  };
}

/** An operator's tighter limit (setLimit refuses anything else); the member is told by a site message. */
export async function tightenLimit(
  db: Db,
  userId: number,
  input: { kind: LimitKind; period: LimitPeriod; cents: bigint },
  operator: string,
): Promise<void> {
  await setLimit(db, userId, input, { actor: operator, operator: true });
  const label = `${LIMIT_PERIOD_LABELS[input.period]}${LIMIT_KIND_LABELS[input.kind]}`;
  await messageMember(
    db,
    userId,
    '您的限额已调整',
    `为保障您理性娱乐，您的${label}已调整为 ${formatCents(input.cents)} 元，即时生效。如有疑问请联系在线客服。`,
  );
}

/** Lifts an exclusion in force once its minimum has run; returns it as it was (for the audit). */
export async function liftExclusion(
  db: Db,
  userId: number,
  input: { breakId: number; reason: string },
  operator: string,
) {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const at = now();
    const [b] = await tx
      .select()
      .from(playBreaks)
      .where(
        and(eq(playBreaks.id, input.breakId), eq(playBreaks.userId, userId), isNull(playBreaks.liftedAt)),
      );
    const active = b && (b.endsAt === null || b.endsAt.getTime() > at);
    if (!b || !active || b.kind !== 'exclusion') throw new BusinessError(MSG_LIFT_NOT_EXCLUSION);
    if (at < b.startedAt.getTime() + MIN_EXCLUSION_MS) throw new BusinessError(MSG_LIFT_TOO_EARLY);
    await tx
      .update(playBreaks)
      .set({ liftedAt: new Date(at), liftedBy: operator, liftReason: input.reason })
      .where(eq(playBreaks.id, b.id));
    return { started_at: time(b.startedAt), ends_at: time(b.endsAt) };
  });
}
