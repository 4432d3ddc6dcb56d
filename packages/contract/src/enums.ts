import * as z from 'zod/mini';

/** Game categories of the hall (spec §9). */
export const GAME_CATEGORIES = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise'] as const;
export const GameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategory>;
/** Hall tab labels, in the order the hall shows them. */
export const GAME_CATEGORY_LABELS: Record<GameCategory, string> = {
  realbet: '真人',
  sport: '体育',
  gaming: '电竞',
  joker: '棋牌',
  concise: '电子',
  lottery: '彩票',
};

/** Rebate / VIP rate categories (server-rules 'Rebates'): the API's column names. */
export const REBATE_CATEGORIES = ['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];
export const REBATE_CATEGORY_LABELS: Record<RebateCategory, string> = {
  realperson: '真人',
  sport: '体育',
  e_sport: '电竞',
  joker: '棋牌',
  electron: '电子',
  lottery: '彩票',
};
/** Which rebate category a hall game category counts toward. */
export const REBATE_CATEGORY_OF: Record<GameCategory, RebateCategory> = {
  realbet: 'realperson',
  sport: 'sport',
  gaming: 'e_sport',
  joker: 'joker',
  concise: 'electron',
  lottery: 'lottery',
};

/**
 * Account-record date filter (spec §9): 1 today, 2 last 7 days, 3 last 15, 4 last 30 (default); 5 last
 * 90 is ours (责任博彩: a member's history reaches back 90 days). Each counts today as a day.
 */
export const DATE_FILTERS = { today: 1, days7: 2, days15: 3, days30: 4, days90: 5 } as const;
export const DateFilter = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type DateFilter = z.infer<typeof DateFilter>;
export const DATE_FILTER_DAYS: Record<DateFilter, number> = { 1: 1, 2: 7, 3: 15, 4: 30, 5: 90 };
export const DEFAULT_DATE_FILTER: DateFilter = 4;

/** Account-record types: 1 deposit, 2 withdraw, 3 transfer in, 4 transfer out. */
export const RECORD_TYPES = { deposit: 1, withdraw: 2, transferIn: 3, transferOut: 4 } as const;
export const RecordType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type RecordType = z.infer<typeof RecordType>;

/** Deposit / withdrawal review states (record types 1–2) and activity applications. */
export const REVIEW_STATES = { pending: 1, approved: 2, rejected: 3 } as const;
export const REVIEW_STATE_LABELS: Record<number, string> = {
  [REVIEW_STATES.pending]: '审核中',
  [REVIEW_STATES.approved]: '已通过',
  [REVIEW_STATES.rejected]: '已拒绝',
};
/**
 * The same states in the operators' words (the console's queues, filters and member lists): a member
 * reads 审核中 (their item is being reviewed), an operator 待审核 (an item waits for them).
 */
export const REVIEW_STATE_OPERATOR_LABELS = {
  [REVIEW_STATES.pending]: '待审核',
  [REVIEW_STATES.approved]: '已通过',
  [REVIEW_STATES.rejected]: '已拒绝',
} as const satisfies Record<number, string>;
/** Transfer states (record types 3–4). */
export const TRANSFER_STATES = { failed: 0, success: 1, pending: 2 } as const;
export const TRANSFER_STATE_LABELS: Record<number, string> = {
  [TRANSFER_STATES.failed]: '失败',
  [TRANSFER_STATES.success]: '成功',
  [TRANSFER_STATES.pending]: '待结算',
};
/** Rebate record: 0 not claimed, otherwise claimed. */
export const REBATE_STATES = { unclaimed: 0, claimed: 1 } as const;

/**
 * The ledger's reasons in Chinese: the console's 账变记录 and the member's 资金明细 (an operator sees an
 * unknown one as its code, a member as 其他).
 */
export const LEDGER_REASON_LABELS: Record<string, string> = {
  deposit: '存款入账',
  withdrawal: '提款冻结',
  withdrawal_paid: '提款出款',
  withdrawal_reject: '提款退回',
  transfer: '额度转换',
  transall: '一键回收',
  adjustment: '人工调整',
  opening: '开户余额',
  activity_bonus: '活动彩金',
  red_packet: '红包',
  rebate: '返水',
  lottery_stake: '彩票投注',
  lottery_win: '彩票派奖',
  game_round: '游戏输赢',
  commission: '代理佣金',
};

/** Withdraw types (spec §9) and the `type` each sends to /api/withdraw. */
export const WITHDRAW_TYPES = { usdt: 1, bank: 2, alipay: 3, wechat: 4 } as const;
export const WithdrawKind = z.enum(['bank', 'usdt', 'alipay', 'wechat']);
export type WithdrawKind = z.infer<typeof WithdrawKind>;

/** USDT protocols: TRC20 is the default. */
export const USDT_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export const UsdtProtocol = z.enum(USDT_PROTOCOLS);
export type UsdtProtocol = z.infer<typeof UsdtProtocol>;

/** Card types of /api/getcard and /api/bindcard. */
export const CARD_TYPES = { bank: 1, usdt: 2 } as const;

/** Deposit pay types of /api/recharge and the range types of /api/getPayRange. */
export const PayType = z.enum(['bank', 'usdt', 'wxpay', 'alipay']);
export type PayType = z.infer<typeof PayType>;
export const PayRangeType = z.enum(['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20']);
export type PayRangeType = z.infer<typeof PayRangeType>;

/** Lottery types: 1 six balls plus a special ball (1–49), 2 three balls 0–9 summing to 0–27. */
export const LotteryType = z.union([z.literal(1), z.literal(2)]);
export type LotteryType = z.infer<typeof LotteryType>;

/** The central wallet's name in transfer calls. */
export const CENTRAL_WALLET = 'userbalance';

/** Help-article types (spec §2): 7 about us, 1 FAQ, 2 privacy, 3 disclaimer, 4 contact, 5 agent
 * joining / terms, 6 privacy policy, 8 responsible gambling. */
export const ARTICLE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
