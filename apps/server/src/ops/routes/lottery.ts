import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { now } from '../../core/clock';
import { ok, parseOps } from '../respond';
import { runDue } from '../../modules/lottery/draw';
import { roundsReport } from '../../modules/lottery/service';

/** Operator routes of the lottery (under /ops). */
export default async function lotteryOps(app: FastifyInstance) {
  app.get('/lottery/rounds', async (request) => {
    const q = parseOps(
      z.object({
        code: z.string().min(1).max(32),
        limit: z.coerce.number().int().min(1).max(500).default(20),
      }),
      request,
    );
    return ok(await roundsReport(app.db, q.code, q.limit));
  });

  // Runs the scheduled step now; safe next to the ticker (every step is guarded).
  app.post('/lottery/draw', async () =>
    ok(await runDue(app.db, app.roomBus, now(), { periodSeconds: app.config.lotteryPeriodSeconds })),
  );
}
