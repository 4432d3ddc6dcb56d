/* The operators' console, 彩票: lotteries and rooms, odds per play (house edge checked), rounds and their verification. */
import * as z from 'zod/mini';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { MAX_AMOUNT_CENTS, toCents } from './codecs';
import type { LotteryType } from './enums';
import {
  BET_LINE_MIN_CENTS,
  MAX_LINES_PER_ROUND_MAX,
  MAX_LINES_PER_ROUND_MIN,
  ROOM_VIP_LEVEL_MAX,
  ROOM_VIP_LEVEL_MIN,
} from './lottery';
import { MAX_RETURN_PERCENT } from './lottery-outcomes';
import { winChance, type PlayDef } from './lottery-rules';

/** Who configures lotteries, rooms and odds (besides 超级管理员). */
const CONFIG_ROLES: readonly OperatorRole[] = ['content'];
/** Who reads rounds and re-verifies them. */
const ROUND_ROLES: readonly OperatorRole[] = ['content', 'finance', 'support'];

const Id = (message: string) =>
  z.coerce
    .number<number | string>()
    .check(z.int(message), z.minimum(1, message), z.maximum(2_147_483_647, message));

/** A whole number of seconds in [min, max], with the field's Chinese name in its message. */
const Seconds = (label: string, min: number, max: number) =>
  z.coerce
    .number<number | string>()
    .check(
      z.int(`${label}须为整数秒`),
      z.minimum(min, `${label}最少${min}秒`),
      z.maximum(max, `${label}最多${max}秒`),
    );

/* Lotteries and rooms ----------------------------------------------------------------------------- */

export const PERIOD_SECONDS_MIN = 10;
export const PERIOD_SECONDS_MAX = 86_400;
export const CLOSE_SECONDS_MAX = 3_600;
export const MSG_CLOSE_BEFORE_DRAW = '封盘时间须小于开奖周期';
export const MSG_LOTTERY_UNKNOWN = '彩种不存在';
export const MSG_LOTTERY_ROOM_UNKNOWN = '房间不存在';
export const MSG_ROOM_TITLE_TAKEN = '该彩种已有同名房间';
export const ROOM_TITLE_MAX = 20;
export const LOTTERY_TYPE_LABELS: Record<LotteryType, string> = {
  1: '六合彩（49 选 7）',
  2: '28（三球和值）',
};

export const MSG_MAX_LINES = `每期每人最多注数须为 ${MAX_LINES_PER_ROUND_MIN}–${MAX_LINES_PER_ROUND_MAX} 的整数`;
export const MSG_ROOM_VIP_LEVEL = `VIP等级须为 ${ROOM_VIP_LEVEL_MIN}–${ROOM_VIP_LEVEL_MAX} 的整数`;

/** A whole number in [min, max]; anything else (a fraction, text, out of range) is `message`. */
const WholeIn = (min: number, max: number, message: string) =>
  z.coerce
    .number<number | string>(message)
    .check(z.int(message), z.minimum(min, message), z.maximum(max, message));

/** Lines one member may hold on one round of the lottery (all its rooms); an order past it is refused. */
const MaxLines = WholeIn(MAX_LINES_PER_ROUND_MIN, MAX_LINES_PER_ROUND_MAX, MSG_MAX_LINES);
/** The lowest VIP level that may bet and chat in a room (1: everyone). */
const RoomVipLevelField = WholeIn(ROOM_VIP_LEVEL_MIN, ROOM_VIP_LEVEL_MAX, MSG_ROOM_VIP_LEVEL);

export const MSG_STAKE_LIMIT = '限额须为不低于 1 元的金额（最多两位小数），不限请留空';
/** A stake limit in yuan as the operator types it: '' or null is none (null out), else cents ≥ 1 yuan. */
const StakeLimit = z.pipe(
  z.nullable(z.union([z.string().check(z.maxLength(32, MSG_STAKE_LIMIT)), z.number()], MSG_STAKE_LIMIT)),
  z.transform((v, ctx) => {
    const text = v === null ? '' : String(v).trim();
    if (text === '') return null;
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? toCents(text) : null;
    if (cents === null || cents < BET_LINE_MIN_CENTS || cents > MAX_AMOUNT_CENTS) {
      ctx.issues.push({ code: 'custom', message: MSG_STAKE_LIMIT, input: v });
      return z.NEVER;
    }
    return cents;
  }),
);

export const LotteryRoomRow = z.object({
  id: z.number(),
  title: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  min_vip_level: z.number(),
});
export type LotteryRoomRow = z.output<typeof LotteryRoomRow>;

export const LotteryRow = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  type: z.number(),
  type_label: z.string(),
  period_seconds: z.number(),
  close_seconds: z.number(),
  /** LOTTERY_PERIOD_SECONDS of this server when set: it replaces every period (demos, tests). */
  period_override: z.nullable(z.number()),
  enabled: z.boolean(),
  max_lines_per_member: z.number(),
  /** Stake limits in yuan, '' none: one line, one member's total on a round, a round's total. */
  line_max: z.string(),
  member_round_max: z.string(),
  round_max: z.string(),
  rooms: z.array(LotteryRoomRow),
});
export type LotteryRow = z.output<typeof LotteryRow>;

export const consoleLotteries = defineConsoleCall({
  name: 'consoleLotteries',
  method: 'GET',
  path: '/lottery/lotteries',
  roles: ROUND_ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(LotteryRow) }),
});

/**
 * Open or close a lottery, change its period and close time (from the next round not yet made), the
 * lines a member may hold per round and the stake limits (yuan, '' none) (from the next order; a
 * missing field: unchanged).
 */
export const consoleUpdateLottery = defineConsoleCall({
  name: 'consoleUpdateLottery',
  method: 'POST',
  path: '/lottery/lotteries/update',
  roles: CONFIG_ROLES,
  request: z
    .object({
      id: Id(MSG_LOTTERY_UNKNOWN),
      enabled: z.boolean('请选择开启或关闭'),
      period_seconds: Seconds('开奖周期', PERIOD_SECONDS_MIN, PERIOD_SECONDS_MAX),
      close_seconds: Seconds('封盘时间', 0, CLOSE_SECONDS_MAX),
      max_lines_per_member: z.optional(MaxLines),
      line_max: z.optional(StakeLimit),
      member_round_max: z.optional(StakeLimit),
      round_max: z.optional(StakeLimit),
    })
    .check(
      z.refine((v) => v.close_seconds < v.period_seconds, {
        message: MSG_CLOSE_BEFORE_DRAW,
        path: ['close_seconds'],
      }),
    ),
  response: LotteryRow,
});

const RoomTitle = z
  .string('请填写房间名称')
  .check(
    z.trim(),
    z.minLength(1, '请填写房间名称'),
    z.maxLength(ROOM_TITLE_MAX, `房间名称最多${ROOM_TITLE_MAX}个字`),
  );
const RoomFields = {
  title: RoomTitle,
  sort: z._default(
    z.coerce
      .number<number | string>()
      .check(z.int('排序须为整数'), z.minimum(0, '排序须为 0–9999'), z.maximum(9999, '排序须为 0–9999')),
    0,
  ),
  enabled: z._default(z.boolean('请选择开启或关闭'), true),
};

export const consoleCreateLotteryRoom = defineConsoleCall({
  name: 'consoleCreateLotteryRoom',
  method: 'POST',
  path: '/lottery/rooms/create',
  roles: CONFIG_ROLES,
  request: z.object({
    lottery_id: Id(MSG_LOTTERY_UNKNOWN),
    ...RoomFields,
    min_vip_level: z._default(RoomVipLevelField, ROOM_VIP_LEVEL_MIN),
  }),
  response: LotteryRoomRow,
});

/** Missing `min_vip_level` keeps the room's level. */
export const consoleUpdateLotteryRoom = defineConsoleCall({
  name: 'consoleUpdateLotteryRoom',
  method: 'POST',
  path: '/lottery/rooms/update',
  roles: CONFIG_ROLES,
  request: z.object({
    id: Id(MSG_LOTTERY_ROOM_UNKNOWN),
    ...RoomFields,
    min_vip_level: z.optional(RoomVipLevelField),
  }),
  response: LotteryRoomRow,
});

/* Odds -------------------------------------------------------------------------------------------- */

export const MSG_ODDS_FORMAT = '赔率须为数字，最多两位小数';
export const MSG_ODDS_MIN = '赔率须大于 1';
export const MSG_PLAY_UNKNOWN = '玩法不存在';

/** A play's average return in hundredths of a percent (odds × P(win)), rounded up: 9850 = 98.50 %. */
export function playReturnHundredths(type: LotteryType, play: PlayDef, oddsHundredths: number): number {
  const { wins, of } = winChance(type, play);
  const x = BigInt(oddsHundredths) * BigInt(wins) * 100n;
  return Number((x + BigInt(of) - 1n) / BigInt(of));
}

/** The highest odds (× 100) a play may have: its return stays within MAX_RETURN_PERCENT. */
export function maxOddsHundredths(type: LotteryType, play: PlayDef): number {
  const { wins, of } = winChance(type, play);
  return Math.floor((MAX_RETURN_PERCENT * of) / wins);
}

export const formatPercent = (hundredths: number): string => `${(hundredths / 100).toFixed(2)}%`;

/** The refusal of odds above the house edge, naming the return they would give. */
export const oddsTooHighMessage = (returnHundredths: number): string =>
  `该玩法平均返还率 ${formatPercent(returnHundredths)} 超过上限 ${MAX_RETURN_PERCENT}%`;

export const LotteryOddsRow = z.object({
  play_id: z.number(),
  group: z.string(),
  title: z.string(),
  /** '1.96': the play's default (lottery-rules). */
  default_odds: z.string(),
  /** The odds in force for this lottery. */
  odds: z.string(),
  custom: z.boolean(),
  /** '96.04%': the average return at `odds`. */
  return_percent: z.string(),
  /** The highest odds the 98 % limit allows. */
  max_odds: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type LotteryOddsRow = z.output<typeof LotteryOddsRow>;

export const consoleLotteryOdds = defineConsoleCall({
  name: 'consoleLotteryOdds',
  method: 'GET',
  path: '/lottery/odds',
  roles: CONFIG_ROLES,
  request: z.object({ lottery_id: Id(MSG_LOTTERY_UNKNOWN) }),
  response: z.object({ lottery_id: z.number(), title: z.string(), plays: z.array(LotteryOddsRow) }),
});

/** Odds as the operator types them: '1.97'. The default's own value removes the lottery's own odds. */
export const OddsInput = z
  .string(MSG_ODDS_FORMAT)
  .check(z.trim(), z.regex(/^\d{1,6}(\.\d{1,2})?$/, MSG_ODDS_FORMAT));

export const consoleUpdateLotteryOdds = defineConsoleCall({
  name: 'consoleUpdateLotteryOdds',
  method: 'POST',
  path: '/lottery/odds/update',
  roles: CONFIG_ROLES,
  request: z.object({
    lottery_id: Id(MSG_LOTTERY_UNKNOWN),
    play_id: Id(MSG_PLAY_UNKNOWN),
    odds: OddsInput,
  }),
  response: LotteryOddsRow,
});

/* Rounds ------------------------------------------------------------------------------------------ */

export const LotteryRoundRow = z.object({
  id: z.string(),
  expect: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  draws_at: z.string(),
  hash: z.string(),
  /** '' until drawn: the seed leaves the server only then. */
  seed: z.string(),
  balls: z.string(),
  drawn_at: z.string(),
  settled_at: z.string(),
  /** '' unless cancelled by two operators (no draw, every stake refunded). */
  cancelled_at: z.string(),
  orders: z.number(),
  stake: z.string(),
  payout: z.string(),
});
export type LotteryRoundRow = z.output<typeof LotteryRoundRow>;

export const consoleLotteryRounds = defineConsoleCall({
  name: 'consoleLotteryRounds',
  method: 'GET',
  path: '/lottery/rounds',
  roles: ROUND_ROLES,
  request: z.object({ lottery_id: Id(MSG_LOTTERY_UNKNOWN), ...PageQuery }),
  response: z.object({ total: z.number(), items: z.array(LotteryRoundRow) }),
});

export const MSG_ROUND_UNKNOWN = '期号不存在';
export const MSG_ROUND_NOT_DRAWN = '该期尚未开奖，种子未公开，无法验证';

/** Recomputes sha256(seed) = hash and the balls from the seed; `problems` says what differs. */
export const consoleVerifyLotteryRound = defineConsoleCall({
  name: 'consoleVerifyLotteryRound',
  method: 'GET',
  path: '/lottery/rounds/verify',
  roles: ROUND_ROLES,
  request: z.object({ id: z.string().check(z.regex(/^\d{1,18}$/, MSG_ROUND_UNKNOWN)) }),
  response: z.object({
    ok: z.boolean(),
    expect: z.string(),
    hash: z.string(),
    computed_hash: z.string(),
    balls: z.string(),
    computed_balls: z.string(),
    problems: z.array(z.string()),
  }),
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_LOTTERY_CALLS: readonly ConsoleCallDef[] = [
  consoleLotteries,
  consoleUpdateLottery,
  consoleCreateLotteryRoom,
  consoleUpdateLotteryRoom,
  consoleLotteryOdds,
  consoleUpdateLotteryOdds,
  consoleLotteryRounds,
  consoleVerifyLotteryRound,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const LOTTERY_AUDIT_ACTIONS: Record<string, string> = {
  'lottery.update': '修改彩种',
  'lotteryRoom.create': '新增彩票房间',
  'lotteryRoom.update': '修改彩票房间',
  'lotteryOdds.update': '修改赔率',
  'lotteryRound.cancel': '撤销期号',
};

/** The audit log's Chinese label of each target type this area writes. */
export const LOTTERY_AUDIT_TARGETS: Record<string, string> = {
  lottery: '彩种',
  lotteryRoom: '彩票房间',
  lotteryOdds: '玩法赔率',
  lotteryRound: '期号',
};
