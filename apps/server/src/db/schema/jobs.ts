import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Beijing days a daily job has finished (rebates and VIP of that day): after a downtime the leader
 * runs every day since the last one recorded, once each, in order (jobs/plugin.ts).
 */
export const dailyJobRuns = pgTable(
  'daily_job_runs',
  {
    job: text('job').notNull(),
    /** Beijing YYYY-MM-DD. */
    day: text('day').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
