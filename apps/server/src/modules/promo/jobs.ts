import type { FastifyInstance } from 'fastify';
import { beijingDate, DAY_MS, now } from '../../clock';
import type { Db } from '../../db/client';
import { startLeaderLoop, type LeaderLoop } from '../../jobs/leader';
import { computeRebates } from './rebates';
import { runVip } from './vip';

/** How often the leader looks at the clock; other processes try to take over this often too. */
export const DAILY_TICK_MS = 60_000;
/** pg_try_advisory_lock key of the daily promotions job (727_002 is the lottery's). */
export const PROMO_JOBS_LOCK_KEY = 727_003;

/**
 * The work after a Beijing day ends: rebates of that day (at the members' levels during it), then
 * the VIP promotions and drops. Both are idempotent, so a rerun or a second process changes nothing.
 */
export async function runDailyJobs(db: Db, day: string) {
  const rebates = await computeRebates(db, day);
  const vip = await runVip(db, day);
  return { day, rebates, ...vip };
}

/**
 * A light ticker, started once the app listens, in one process (a PostgreSQL advisory lock picks it):
 * every minute, when the previous Beijing day has not been done by this process, do it (at start-up
 * too, so a restart catches up on yesterday). Stopped before the app closes its database.
 */
export function startDailyJobs(app: FastifyInstance): void {
  let done: string | null = null;
  let loop: LeaderLoop | null = null;
  app.addHook('onListen', async () => {
    if (loop) return;
    loop = startLeaderLoop({
      databaseUrl: app.config.databaseUrl,
      lockKey: PROMO_JOBS_LOCK_KEY,
      tickMs: DAILY_TICK_MS,
      retryMs: DAILY_TICK_MS,
      tick: async () => {
        const day = beijingDate(now() - DAY_MS);
        if (day === done) return;
        const result = await runDailyJobs(app.db, day);
        done = day;
        app.log.info(result, 'daily promotions job done');
      },
      onError: (err, where) => app.log.error({ err, where }, 'daily promotions job failed'),
    });
  });
  app.addHook('preClose', async () => {
    await loop?.stop();
    loop = null;
  });
}
