import {
  consoleCreateLotteryRoom,
  consoleLotteries,
  consoleLotteryOdds,
  consoleLotteryRounds,
  consoleUpdateLottery,
  consoleUpdateLotteryOdds,
  consoleUpdateLotteryRoom,
  consoleVerifyLotteryRound,
} from '@app/contract/console-lottery';
import type { FastifyInstance } from 'fastify';
import { createRoom, listLotteries, updateLottery, updateRoom } from '../../modules/lottery/admin-config';
import { lotteryOddsList, updateLotteryOdds } from '../../modules/lottery/admin-odds';
import { lotteryRoundsPage, verifyRound } from '../../modules/lottery/admin-rounds';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of @app/contract/console-lottery. */
export default async function consoleLotteryRoutes(app: FastifyInstance) {
  const override = app.config.lotteryPeriodSeconds;
  consoleEndpoint(app, consoleLotteries, async () => ({ data: await listLotteries(app.db, override) }));
  consoleEndpoint(app, consoleUpdateLottery, async ({ input, audit }) => {
    const r = await updateLottery(app.db, input, override);
    await audit({
      action: 'lottery.update',
      targetType: 'lottery',
      targetId: input.id,
      before: r.before,
      after: r.after,
    });
    return { data: r.row, message: '已保存，新的周期从下一期开始' };
  });
  consoleEndpoint(app, consoleCreateLotteryRoom, async ({ input, audit }) => {
    const room = await createRoom(app.db, input);
    await audit({
      action: 'lotteryRoom.create',
      targetType: 'lotteryRoom',
      targetId: room.id,
      after: {
        lottery_id: input.lottery_id,
        title: room.title,
        sort: room.sort,
        enabled: room.enabled,
        min_vip_level: room.min_vip_level,
      },
    });
    return { data: room, message: '房间已添加' };
  });
  consoleEndpoint(app, consoleUpdateLotteryRoom, async ({ input, audit }) => {
    const r = await updateRoom(app.db, input);
    await audit({
      action: 'lotteryRoom.update',
      targetType: 'lotteryRoom',
      targetId: input.id,
      before: r.before,
      after: r.after,
    });
    return { data: r.row, message: '房间已保存' };
  });
  consoleEndpoint(app, consoleLotteryOdds, async ({ input }) => ({
    data: await lotteryOddsList(app.db, input.lottery_id),
  }));
  consoleEndpoint(app, consoleUpdateLotteryOdds, async ({ input, actor, audit }) => {
    const r = await updateLotteryOdds(app.db, actor, input);
    await audit({
      action: 'lotteryOdds.update',
      targetType: 'lotteryOdds',
      targetId: r.target,
      before: { play: r.label, odds: r.before },
      after: { play: r.label, odds: r.reply.odds, return_percent: r.reply.return_percent },
    });
    return { data: r.reply, message: '赔率已保存，下一笔投注起生效' };
  });
  consoleEndpoint(app, consoleLotteryRounds, async ({ input }) => ({
    data: await lotteryRoundsPage(app.db, input),
  }));
  consoleEndpoint(app, consoleVerifyLotteryRound, async ({ input }) => ({
    data: await verifyRound(app.db, input.id),
  }));
}
