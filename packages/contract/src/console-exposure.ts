/* The operators' console, 彩票 → 风险敞口 and 撤销期号: what each outcome of an open round would cost
 * the house, and cancelling a round (two operators) with every stake refunded. */
import * as z from 'zod/mini';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';

/** Who reads the open rounds' exposure: those who read rounds, and 风控. */
const EXPOSURE_ROLES: readonly OperatorRole[] = ['content', 'finance', 'support', 'risk'];
/** Who asks for a round to be cancelled (a second operator approves it: 待复核). */
const CANCEL_ROLES: readonly OperatorRole[] = ['content', 'finance', 'risk'];

const MSG_LOTTERY = '彩种不存在';
const MSG_ROUND = '期号不存在';

/** One outcome class of an open round: what the house pays if it is drawn, and its result. */
export const ExposureOutcome = z.object({
  /** '和值 13' (type 2) or '特码 07' (type 1). */
  outcome: z.string(),
  /** Its chance, '7.50%'. */
  chance: z.string(),
  payout: z.string(),
  /** stake − payout: negative when the house loses on it. */
  result: z.string(),
});
export type ExposureOutcome = z.output<typeof ExposureOutcome>;

export const ExposureRound = z.object({
  id: z.string(),
  expect: z.string(),
  closes_at: z.string(),
  draws_at: z.string(),
  stake: z.string(),
  lines: z.number(),
  members: z.number(),
  /** The worst result over the outcomes (the first of `outcomes`). */
  worst: z.string(),
  /** Every outcome class, worst result first. */
  outcomes: z.array(ExposureOutcome),
});
export type ExposureRound = z.output<typeof ExposureRound>;

/**
 * The open (undrawn, not cancelled) rounds of a lottery with what each outcome would cost the house.
 * `lottery_id` 0 (or missing): the first lottery. The reply lists every lottery to pick from (风控 does
 * not read the lotteries' settings).
 */
export const consoleLotteryExposure = defineConsoleCall({
  name: 'consoleLotteryExposure',
  method: 'GET',
  path: '/lottery/exposure',
  roles: EXPOSURE_ROLES,
  request: z.object({
    lottery_id: z._default(
      z.coerce
        .number<number | string>()
        .check(z.int(MSG_LOTTERY), z.minimum(0, MSG_LOTTERY), z.maximum(2_147_483_647, MSG_LOTTERY)),
      0,
    ),
  }),
  response: z.object({
    lottery_id: z.number(),
    title: z.string(),
    lotteries: z.array(z.object({ id: z.number(), title: z.string(), enabled: z.boolean() })),
    items: z.array(ExposureRound),
  }),
});

export const MSG_ROUND_DRAWN_NO_CANCEL = '该期已开奖，不能撤销';
export const MSG_ROUND_ALREADY_CANCELLED = '该期已撤销';
export const MSG_CANCEL_REASON = '请填写撤销原因';
export const CANCEL_REASON_MAX = 200;

/** Asks for a round to be cancelled: 待复核; on approval no draw, every open line refunded its stake. */
export const consoleCancelLotteryRound = defineConsoleCall({
  name: 'consoleCancelLotteryRound',
  method: 'POST',
  path: '/lottery/rounds/cancel',
  roles: CANCEL_ROLES,
  request: z.object({
    id: z.string().check(z.regex(/^\d{1,18}$/, MSG_ROUND)),
    reason: z
      .string(MSG_CANCEL_REASON)
      .check(
        z.trim(),
        z.minLength(1, MSG_CANCEL_REASON),
        z.maxLength(CANCEL_REASON_MAX, `撤销原因最多${CANCEL_REASON_MAX}个字`),
      ),
  }),
  response: ReviewTicket,
});

/** The calls of this file (spread into CONSOLE_LOTTERY_CALLS). */
export const CONSOLE_EXPOSURE_CALLS: readonly ConsoleCallDef[] = [
  consoleLotteryExposure,
  consoleCancelLotteryRound,
];
