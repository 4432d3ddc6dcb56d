import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { now } from '../clock';
import { runDue } from '../modules/lottery/draw';
import { removeUnreferencedUploads, UPLOAD_CLEANUP_EVERY_MS } from '../modules/uploads/service';
import { startLeaderLoop, type LeaderLoop } from './leader';

/** The lottery ticker: spec §9's 1 s tick; other processes try to take over every 5 s. */
export const TICK_MS = 1000;
export const LEADER_RETRY_MS = 5000;

/**
 * Scheduled work (draws and settlement every tick; every hour, removing uploads nothing refers to),
 * started once the app listens and stopped when it closes.
 * Off unless `enabled` (buildApp's `scheduledJobs`): tests build the app without it and call
 * `runDue` themselves with a moved clock.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { enabled: boolean }) {
    if (!opts.enabled) return;
    let loop: LeaderLoop | null = null;
    let uploadsCleanedAt = 0;
    const cleanUploadsWhenDue = async () => {
      if (now() - uploadsCleanedAt < UPLOAD_CLEANUP_EVERY_MS) return;
      uploadsCleanedAt = now();
      const removed = await removeUnreferencedUploads(app.db, app.config.dataDir);
      if (removed.rows + removed.files > 0) app.log.info(removed, 'removed unreferenced uploads');
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
            await cleanUploadsWhenDue();
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
    });
  },
  { name: 'jobs', dependencies: ['database', 'realtime'] },
);
