import { SUPPORT_PRESENCE_SWEEP_MS } from '@app/contract/console-support-socket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { beijingDate, DAY_MS, now } from '../core/clock';
import { buildDueStatements } from '../modules/agents/statements';
import { autoApprove } from '../modules/cashier/review';
import { runDue } from '../modules/lottery/draw';
import { runMissedDays } from '../modules/promo/daily';
import { sendDueBatches } from '../modules/outreach/batches';
import { removeUnreferencedUploads, UPLOAD_CLEANUP_EVERY_MS } from '../modules/uploads/service';
import { offlineUnseen } from '../modules/support-desk/presence';
import { startLeaderLoop, type LeaderLoop } from './leader';

/** The lottery ticker: spec §9's 1 s tick; other processes try to take over every 5 s. */
export const TICK_MS = 1000;
export const LEADER_RETRY_MS = 5000;
/** How often the leader looks whether yesterday's promotions are done. */
export const DAILY_CHECK_MS = 60_000;
/** How often the leader looks for bulk messages due. */
export const SCHEDULED_MESSAGES_EVERY_MS = 30_000;

/** Work the leader runs now and then beside the draws, in the background so a draw never waits. */
interface PeriodicJob {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<void>;
}

function periodicJobs(demoAutoApproveSeconds: number | undefined): PeriodicJob[] {
  let promotionsDoneFor: string | null = null;
  const jobs: PeriodicJob[] = [
    {
      name: 'unreferenced uploads',
      everyMs: UPLOAD_CLEANUP_EVERY_MS,
      async run(app) {
        const removed = await removeUnreferencedUploads(app.db, app.config.dataDir);
        if (removed.rows + removed.files > 0) app.log.info(removed, 'removed unreferenced uploads');
      },
    },
    {
      // Every minute, and at start-up so a restart catches up on every day it missed; idempotent.
      name: 'daily promotions',
      everyMs: DAILY_CHECK_MS,
      async run(app) {
        const day = beijingDate(now() - DAY_MS);
        if (day === promotionsDoneFor) return;
        const { ran, skipped } = await runMissedDays(app.db);
        promotionsDoneFor = day;
        if (skipped.length > 0) {
          app.log.warn(
            { from: skipped[0], to: skipped.at(-1) },
            'daily promotions: days too old to catch up',
          );
        }
        for (const result of ran) app.log.info(result, 'daily promotions job done');
      },
    },
    {
      // Agents' statements of every period that has ended (modules/agents/statements.ts); idempotent,
      // and at start-up a restart catches up on the periods it missed.
      name: 'agent statements',
      everyMs: DAILY_CHECK_MS,
      async run(app) {
        const written = await buildDueStatements(app.db);
        if (written > 0) app.log.info({ written }, 'agent statements built');
      },
    },
    {
      // Bulk site messages whose time has come (群发消息); each is claimed before it is sent.
      name: 'scheduled messages',
      everyMs: SCHEDULED_MESSAGES_EVERY_MS,
      async run(app) {
        const sent = await sendDueBatches(app.db);
        if (sent > 0) app.log.info({ sent }, 'scheduled messages sent');
      },
    },
    {
      // 客服 whose console has been gone past the grace go offline (modules/support-desk/presence.ts).
      name: 'support presence',
      everyMs: SUPPORT_PRESENCE_SWEEP_MS,
      async run(app) {
        const gone = await offlineUnseen(app.db, app.roomBus);
        if (gone.length > 0) app.log.info({ operators: gone }, 'support operators offline (console gone)');
      },
    },
  ];
  // DEMO_AUTO_APPROVE_SECONDS: pending deposits approve themselves (demos only).
  const seconds = demoAutoApproveSeconds ?? 0;
  if (seconds > 0) {
    jobs.push({
      name: 'demo auto-approve',
      everyMs: Math.min(5_000, seconds * 1000),
      async run(app) {
        await autoApprove(app.db, seconds);
      },
    });
  }
  return jobs;
}

/**
 * Every scheduled job, in one process at a time under the one leader lock (jobs/leader.ts): the
 * draws and settlement every tick; removing uploads nothing refers to every hour; rebates and VIP
 * once a Beijing day has ended; with DEMO_AUTO_APPROVE_SECONDS, approving pending deposits. Started once the app listens and stopped when it closes.
 * Off unless `enabled` (buildApp's `scheduledJobs`): tests build the app without it and call
 * `runDue` / `runDailyJobs` themselves with a moved clock.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { enabled: boolean }) {
    if (!opts.enabled) return;
    let loop: LeaderLoop | null = null;
    const jobs = periodicJobs(app.config.demoAutoApproveSeconds);
    const lastRun = new Map<PeriodicJob, number>();
    const inFlight = new Map<PeriodicJob, Promise<void>>();

    const startDueJobs = () => {
      for (const job of jobs) {
        if (inFlight.has(job) || now() - (lastRun.get(job) ?? -Infinity) < job.everyMs) continue;
        lastRun.set(job, now());
        const run = job
          .run(app)
          .catch((err: unknown) => app.log.error({ err, job: job.name }, 'scheduled work failed'))
          .finally(() => inFlight.delete(job));
        inFlight.set(job, run);
      }
    };

    app.addHook('onListen', async () => {
      if (loop) return;
      loop = startLeaderLoop({
        databaseUrl: app.config.databaseUrl,
        tickMs: TICK_MS,
        retryMs: LEADER_RETRY_MS,
        tick: async () => {
          try {
            await runDue(app.db, app.roomBus, now(), { periodSeconds: app.config.lotteryPeriodSeconds });
          } finally {
            startDueJobs();
          }
        },
        onError: (err, where) => app.log.error({ err, where }, 'scheduled work failed'),
        onLeadership: (leader) =>
          app.log.info(leader ? 'this process runs the scheduled work' : 'scheduled work: not the leader'),
      });
    });
    // preClose: before the database and the room bus close (onClose hooks).
    app.addHook('preClose', async () => {
      await loop?.stop();
      loop = null;
      await Promise.all(inFlight.values());
    });
  },
  { name: 'jobs', dependencies: ['database', 'realtime'] },
);
