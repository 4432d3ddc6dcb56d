import { opsDrawLottery, opsLotteryRounds } from '@app/contract/ops-lottery';
import type { FastifyInstance } from 'fastify';
import { now } from '../../core/clock';
import { opsEndpoint } from '../../http/ops-endpoint';
import { runDue } from './draw';
import { roundsReport } from './admin-rounds';

/** Operator routes of the lottery (under /ops). */
export default async function lotteryOps(app: FastifyInstance) {
  opsEndpoint(app, opsLotteryRounds, async ({ input }) => ({
    data: await roundsReport(app.db, input.code, input.limit),
  }));

  // Runs the scheduled step now; safe next to the ticker (every step is guarded).
  opsEndpoint(app, opsDrawLottery, async () => ({
    data: await runDue(app.db, app.roomBus, now(), { periodSeconds: app.config.lotteryPeriodSeconds }),
  }));
}
