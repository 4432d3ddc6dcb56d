import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { lotteries, lotteryRounds } from '../../src/db/schema/lottery';
import { createLotteryWithRooms } from '../../src/modules/chat/test-support';
import { runDue } from '../../src/modules/lottery/draw';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

const lottery = async (t: TestApp) => (await createLotteryWithRooms(t.db, 2, 1)).lotteryId;

/** A drawn round of a fresh lottery: the scheduled step run past its first round's draw. */
async function drawnRound(t: TestApp): Promise<string> {
  const id = await lottery(t);
  const [l] = await t.db.select().from(lotteries).where(eq(lotteries.id, id));
  if (!l) throw new Error('no lottery');
  await runDue(t.db, t.app.roomBus, Date.now());
  await runDue(t.db, t.app.roomBus, Date.now() + 2 * 86_400_000);
  const [r] = await t.db
    .select({ id: lotteryRounds.id })
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, id), isNotNull(lotteryRounds.drawnAt)));
  if (!r) throw new Error('no drawn round');
  return r.id.toString();
}

/** An open (undrawn) round of a fresh lottery, for 撤销期号. */
async function openRound(t: TestApp): Promise<string> {
  const id = await lottery(t);
  await runDue(t.db, t.app.roomBus, Date.now());
  const [r] = await t.db
    .select({ id: lotteryRounds.id })
    .from(lotteryRounds)
    .where(and(eq(lotteryRounds.lotteryId, id), isNull(lotteryRounds.drawnAt)));
  if (!r) throw new Error('no open round');
  return r.id.toString();
}

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleLotteries: async () => ({}),
  consoleUpdateLottery: async (t) => ({
    id: await lottery(t),
    enabled: true,
    period_seconds: 240,
    close_seconds: 30,
    max_lines_per_member: 300,
    line_max: '500',
    member_round_max: '',
  }),
  consoleCreateLotteryRoom: async (t) => ({
    lottery_id: await lottery(t),
    title: '新房间',
    sort: 5,
    enabled: true,
    min_vip_level: 2,
  }),
  consoleUpdateLotteryRoom: async (t) => {
    const { roomIds } = await createLotteryWithRooms(t.db, 2, 1);
    return { id: roomIds[0], title: '改名房', sort: 1, enabled: false, min_vip_level: 3 };
  },
  consoleLotteryOdds: async (t) => ({ lottery_id: await lottery(t) }),
  consoleUpdateLotteryOdds: async (t) => ({ lottery_id: await lottery(t), play_id: 201, odds: '1.95' }),
  consoleLotteryRounds: async (t) => ({ lottery_id: await lottery(t), page: 1, pageSize: 20 }),
  consoleVerifyLotteryRound: async (t) => ({ id: await drawnRound(t) }),
  consoleLotteryExposure: async (t) => ({ lottery_id: await lottery(t) }),
  consoleCancelLotteryRound: async (t) => ({ id: await openRound(t), reason: '样例撤销' }),
};
