import { and, desc, eq } from 'drizzle-orm';
import { addDays, beijingDate, DAY_MS, now } from '../../core/clock';
import type { Db } from '../../db/client';
import { dailyJobRuns } from '../../db/schema/jobs';
import { computeRebates } from './rebates';
import { runVip } from './vip';

/** The name daily_job_runs keeps this job's days under. */
export const DAILY_PROMOTIONS_JOB = 'promotions';
/** Days caught up at most after a downtime (a quarter: VIP retention's window); older ones are reported. */
export const MAX_CATCH_UP_DAYS = 92;

/**
 * The work after a Beijing day ends: rebates of that day (at the members' levels during it), then
 * the VIP promotions and drops. Both are idempotent, so a rerun or a second process changes nothing.
 */
export async function runDailyJobs(db: Db, day: string) {
  const rebates = await computeRebates(db, day);
  const vip = await runVip(db, day);
  return { day, rebates, ...vip };
}

export interface CatchUp {
  /** Days run now, oldest first, with what each did. */
  ran: Awaited<ReturnType<typeof runDailyJobs>>[];
  /** Days missed beyond MAX_CATCH_UP_DAYS (not run), oldest first. */
  skipped: string[];
}

/**
 * Every ended Beijing day since the last one recorded, once each and in order (a leader down for three
 * days runs three days, not only yesterday); each is recorded once it is done, so a crash half-way
 * resumes at the day it stopped on. A database that never ran the job starts with yesterday.
 */
export async function runMissedDays(db: Db, at: number = now()): Promise<CatchUp> {
  const yesterday = beijingDate(at - DAY_MS);
  const [last] = await db
    .select({ day: dailyJobRuns.day })
    .from(dailyJobRuns)
    .where(eq(dailyJobRuns.job, DAILY_PROMOTIONS_JOB))
    .orderBy(desc(dailyJobRuns.day))
    .limit(1);
  const days: string[] = [];
  for (let d = last ? addDays(last.day, 1) : yesterday; d <= yesterday; d = addDays(d, 1)) days.push(d);
  const skipped = days.splice(0, Math.max(0, days.length - MAX_CATCH_UP_DAYS));
  const ran: CatchUp['ran'] = [];
  for (const day of days) {
    ran.push(await runDailyJobs(db, day));
    await db
      .insert(dailyJobRuns)
      .values({ job: DAILY_PROMOTIONS_JOB, day, finishedAt: new Date(now()) })
      .onConflictDoNothing();
  }
  return { ran, skipped };
}

/** Whether the job has recorded `day` (tests and the command line). */
export async function dayDone(db: Db, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: dailyJobRuns.day })
    .from(dailyJobRuns)
    .where(and(eq(dailyJobRuns.job, DAILY_PROMOTIONS_JOB), eq(dailyJobRuns.day, day)));
  return !!row;
}
