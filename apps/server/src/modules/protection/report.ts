import { formatCents, formatDateTime } from '@app/contract/codecs';
import {
  NEAR_LIMIT_PERCENT,
  PROTECTION_REPORT_DAYS,
  type ProtectionReport,
} from '@app/contract/console-protection';
import type { LimitKind, LimitPeriod } from '@app/contract/protection';
import { eq, gte, or } from 'drizzle-orm';
import { beijingDate, DAY_MS, now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { playBreaks, playLimits } from '../../db/schema/protection';
import { periodEnd, periodStart, usedOf } from './guard';

/** At most this many limits are read for the report (the fullest of them are listed). */
const MAX_LIMITS = 2000;

/** Members at NEAR_LIMIT_PERCENT or more of a limit now, fullest first. */
async function nearLimits(db: Db, at: number): Promise<ProtectionReport['near']> {
  const rows = await db
    .select({ l: playLimits, name: users.username })
    .from(playLimits)
    .innerJoin(users, eq(users.id, playLimits.userId))
    .limit(MAX_LIMITS);
  const near: ProtectionReport['near'] = [];
  for (const { l, name } of rows) {
    const period = l.period as LimitPeriod;
    const from = periodStart(l.anchorAt.getTime(), period, at);
    const used = await usedOf(db, l.userId, l.kind as LimitKind, from);
    const percent = l.amountCents > 0n ? Number((used * 100n) / l.amountCents) : 0;
    if (percent < NEAR_LIMIT_PERCENT) continue;
    near.push({
      member_id: l.userId,
      name,
      kind: l.kind as LimitKind,
      period,
      amount: formatCents(l.amountCents),
      used: formatCents(used),
      percent,
      resets_at: formatDateTime(periodEnd(from, period)),
    });
  }
  return near.sort((a, b) => b.percent - a.percent);
}

/** Breaks started and ended per Beijing day, the last PROTECTION_REPORT_DAYS days, newest first. */
async function breaksPerDay(db: Db, at: number): Promise<ProtectionReport['days']> {
  const from = new Date(at - PROTECTION_REPORT_DAYS * DAY_MS);
  const rows = await db
    .select()
    .from(playBreaks)
    .where(or(gte(playBreaks.startedAt, from), gte(playBreaks.endsAt, from), gte(playBreaks.liftedAt, from)));
  const days = new Map<string, ProtectionReport['days'][number]>();
  for (let i = 0; i < PROTECTION_REPORT_DAYS; i += 1) {
    const day = beijingDate(at - i * DAY_MS);
    days.set(day, { day, timeouts: 0, exclusions: 0, ended: 0 });
  }
  for (const b of rows) {
    const started = days.get(beijingDate(b.startedAt.getTime()));
    if (started && b.kind === 'timeout') started.timeouts += 1;
    if (started && b.kind === 'exclusion') started.exclusions += 1;
    const end = b.liftedAt ?? b.endsAt;
    if (end && end.getTime() <= at) {
      const ended = days.get(beijingDate(end.getTime()));
      if (ended) ended.ended += 1;
    }
  }
  return [...days.values()];
}

export async function protectionReport(db: Db): Promise<ProtectionReport> {
  const at = now();
  return { near: await nearLimits(db, at), days: await breaksPerDay(db, at) };
}
