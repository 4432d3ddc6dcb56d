/* Operator calls of the lottery: recent rounds with their proof, and drawing what is due. */
import * as z from 'zod/mini';
import { defineCall } from './define';
import { OPS_NAME_MAX, OpsNothing, WholeNumber } from './ops-fields';

export const LOTTERY_ROUNDS_DEFAULT = 20;
export const LOTTERY_ROUNDS_MAX = 500;

/** Recent rounds of a lottery by code, newest first: the seed only once drawn; 404 彩种不存在. */
export const opsLotteryRounds = defineCall({
  name: 'opsLotteryRounds',
  method: 'GET',
  path: '/ops/lottery/rounds',
  auth: 'operator',
  request: z.object({
    code: z.string().check(z.minLength(1), z.maxLength(OPS_NAME_MAX)),
    limit: z._default(WholeNumber(1, LOTTERY_ROUNDS_MAX), LOTTERY_ROUNDS_DEFAULT),
  }),
  response: z.object({
    code: z.string(),
    title: z.string(),
    rounds: z.array(
      z.object({
        expect: z.string(),
        draws_at: z.string(),
        hash: z.string(),
        seed: z.string(),
        balls: z.string(),
        orders: z.number(),
        stake: z.string(),
        payout: z.string(),
        settled: z.string(),
      }),
    ),
  }),
});

/** Draws every round whose time has come and settles its orders now (the ticker's step). */
export const opsDrawLottery = defineCall({
  name: 'opsDrawLottery',
  method: 'POST',
  path: '/ops/lottery/draw',
  auth: 'operator',
  request: OpsNothing,
  response: z.object({
    drawn: z.array(z.object({ code: z.string(), expect: z.string(), opencode: z.string() })),
    settledLines: z.number(),
    settledRounds: z.number(),
  }),
});
