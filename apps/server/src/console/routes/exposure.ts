import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { consoleCancelLotteryRound, consoleLotteryExposure } from '@app/contract/console-exposure';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { requestCancelRound } from '../../modules/lottery/admin-cancel';
import { lotteryExposure } from '../../modules/lottery/admin-exposure';

/** Console routes of @app/contract/console-exposure: open rounds' exposure and cancelling a round. */
export default async function consoleExposureRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleLotteryExposure, async ({ input }) => ({
    data: await lotteryExposure(app.db, input.lottery_id),
  }));
  consoleEndpoint(app, consoleCancelLotteryRound, async ({ input, actor, audit }) => ({
    data: await requestCancelRound(app.db, actor, input, audit),
    message: reviewSubmittedMessage('lottery.cancelRound'),
  }));
}
