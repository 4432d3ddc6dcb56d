/* Risk control (issue 31): linked accounts, the withdrawal's risk panel and 风控's decision, the scoring
 * settings a 超级管理员 sets and the whitelist of facts that never link accounts. */
import * as z from 'zod/mini';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';
import { AmountField } from './codecs';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';

/** Who decides on risky withdrawals and reads linked accounts: 风控 (and 超级管理员). */
export const RISK_ROLES: readonly OperatorRole[] = ['risk'];

/** What two members may share; each kind counts once in a pair's score, with its weight. */
export const LINK_KINDS = ['device', 'ip', 'card', 'usdt', 'wallet', 'mobile', 'realname'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  device: '同设备',
  ip: '同IP',
  card: '同银行卡',
  usdt: '同USDT地址',
  wallet: '同支付宝/微信账号',
  mobile: '同手机号',
  realname: '同真实姓名',
};
export const LinkKindSchema = z.enum(LINK_KINDS, '请选择正确的类型');

/** The flags a withdrawal's risk score adds up, with their points. */
export const RISK_FLAGS = {
  first_withdrawal: { label: '首次提现', points: 20 },
  new_destination: { label: '24小时内新绑定的收款账户', points: 25 },
  new_device: { label: '24小时内新设备登录', points: 20 },
  new_ip: { label: '24小时内新IP登录', points: 10 },
  linked: { label: '存在关联账户', points: 40 },
  hedged_bonus: { label: '领取优惠后对冲投注', points: 40 },
  big_win: { label: '大额中奖', points: 15 },
  big_deposit: { label: '大额存款', points: 10 },
  big_withdrawal: { label: '大额提现', points: 20 },
} as const;
export type RiskFlag = keyof typeof RISK_FLAGS;
/** A score never goes above this. */
export const RISK_SCORE_MAX = 100;

/** A withdrawal's 风控 state: none needed, waiting, cleared by 风控. */
export const RISK_STATES = { none: 0, waiting: 1, cleared: 2 } as const;
export const RISK_STATE_LABELS: Record<number, string> = { 0: '', 1: '待风控', 2: '风控已放行' };

export const msgRiskWaiting = (score: number) => `该提现风险评分 ${score}，须风控审核放行后才能出款`;
export const MSG_RISK_NOT_WAITING = '该提现无需风控审核或已处理';
export const MSG_RISK_NOTE = '请填写放行说明（最多200字）';

const Money = z.string();
/** A member page or a review lists at most this many linked accounts, highest score first. */
export const LINKS_SHOWN = 50;
export const LinkedAccount = z.object({
  user_id: z.number(),
  username: z.string(),
  score: z.number(),
  /** What the pair shares: the kind's label and the value (a card number, an address…). */
  reasons: z.array(z.object({ kind: z.string(), label: z.string(), value: z.string() })),
  /** Lifetime approved deposits, promotions received, paid withdrawals. */
  deposits: Money,
  bonuses: Money,
  withdrawals: Money,
});
export type LinkedAccount = z.infer<typeof LinkedAccount>;

/** The risk panel of a withdrawal's review. */
export const WithdrawalRisk = z.object({
  score: z.number(),
  /** The score at which a withdrawal waits for 风控. */
  hold_score: z.number(),
  flags: z.array(z.object({ flag: z.string(), label: z.string(), points: z.number(), detail: z.string() })),
  links: z.array(LinkedAccount),
  state: z.number(),
  by: z.string(),
  at: z.string(),
  note: z.string(),
});
export type WithdrawalRisk = z.infer<typeof WithdrawalRisk>;

const Id = WholeNumber(1, OPS_ID_MAX);

/** A member's linked accounts (member page). */
export const consoleMemberLinks = defineConsoleCall({
  name: 'consoleMemberLinks',
  method: 'GET',
  path: '/members/links',
  request: z.object({ id: Id }),
  response: z.object({ rows: z.array(LinkedAccount), link_score: z.number() }),
  roles: ['finance', 'support', 'risk'],
});

/** 风控 lets a withdrawal waiting for it go on to 财务 (rejecting it is consoleRejectWithdrawal). */
export const consoleClearWithdrawalRisk = defineConsoleCall({
  name: 'consoleClearWithdrawalRisk',
  method: 'POST',
  path: '/withdrawals/risk-clear',
  request: z.object({
    id: Id,
    note: z
      .string({ error: MSG_RISK_NOTE })
      .check(z.trim(), z.minLength(1, MSG_RISK_NOTE), z.maxLength(200, MSG_RISK_NOTE)),
  }),
  response: z.object({ id: z.number(), risk_state: z.number() }),
  roles: RISK_ROLES,
});

const Weight = WholeNumber(0, 1000);
const Score = WholeNumber(1, 1000);
/** The scoring settings (weights per link kind, the link and hold scores, the flags' thresholds in yuan). */
export const RiskSettings = z.object({
  weights: z.object({
    device: Weight,
    ip: Weight,
    card: Weight,
    usdt: Weight,
    wallet: Weight,
    mobile: Weight,
    realname: Weight,
  }),
  link_score: Score,
  hold_score: Score,
  big_win: AmountField('请输入大额中奖金额'),
  big_deposit: AmountField('请输入大额存款金额'),
  big_withdrawal: AmountField('请输入大额提现金额'),
});
export type RiskSettingsInput = z.input<typeof RiskSettings>;
/** The settings as the server answers them: the thresholds in yuan ("50000.00"). */
export const RiskSettingsView = z.object({
  ...RiskSettings.shape,
  big_win: z.string(),
  big_deposit: z.string(),
  big_withdrawal: z.string(),
});
export type RiskSettingsView = z.infer<typeof RiskSettingsView>;

export const consoleRiskSettings = defineConsoleCall({
  name: 'consoleRiskSettings',
  method: 'GET',
  path: '/risk/settings',
  request: z.object({}),
  response: RiskSettingsView,
  roles: RISK_ROLES,
});

/** Only a 超级管理员 changes how risk is scored (a 风控 could otherwise score a friend out of review). */
export const consoleSaveRiskSettings = defineConsoleCall({
  name: 'consoleSaveRiskSettings',
  method: 'POST',
  path: '/risk/settings',
  request: RiskSettings,
  response: RiskSettingsView,
  roles: [],
});

export const MSG_WHITELIST_VALUE = '请输入要加入白名单的值（最多100字）';
export const MSG_WHITELIST_EXISTS = '该值已在白名单中';
export const WhitelistEntry = z.object({
  id: z.number(),
  kind: z.string(),
  value: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type WhitelistEntry = z.infer<typeof WhitelistEntry>;

export const consoleRiskWhitelist = defineConsoleCall({
  name: 'consoleRiskWhitelist',
  method: 'GET',
  path: '/risk/whitelist',
  request: z.object({}),
  response: z.object({ rows: z.array(WhitelistEntry) }),
  roles: RISK_ROLES,
});

/** Whitelisting unlinks accounts: a 超级管理员's call, audited. */
export const consoleAddRiskWhitelist = defineConsoleCall({
  name: 'consoleAddRiskWhitelist',
  method: 'POST',
  path: '/risk/whitelist/add',
  request: z.object({
    kind: LinkKindSchema,
    value: z
      .string({ error: MSG_WHITELIST_VALUE })
      .check(z.trim(), z.minLength(1, MSG_WHITELIST_VALUE), z.maxLength(100, MSG_WHITELIST_VALUE)),
    note: z._default(z.string().check(z.trim(), z.maxLength(200, '备注最多200字')), ''),
  }),
  response: WhitelistEntry,
  roles: [],
});

export const consoleRemoveRiskWhitelist = defineConsoleCall({
  name: 'consoleRemoveRiskWhitelist',
  method: 'POST',
  path: '/risk/whitelist/remove',
  request: z.object({ id: Id }),
  response: z.object({ id: z.number() }),
  roles: [],
});

export const CONSOLE_RISK_CALLS: readonly ConsoleCallDef[] = [
  consoleMemberLinks,
  consoleClearWithdrawalRisk,
  consoleRiskSettings,
  consoleSaveRiskSettings,
  consoleRiskWhitelist,
  consoleAddRiskWhitelist,
  consoleRemoveRiskWhitelist,
];

/** The audit log's labels of what this area writes. */
export const RISK_AUDIT_ACTIONS: Record<string, string> = {
  'withdrawal.riskClear': '风控放行提现',
  'risk.settings': '修改风险评分设置',
  'risk.whitelistAdd': '加入关联白名单',
  'risk.whitelistRemove': '移出关联白名单',
};
export const RISK_AUDIT_TARGETS: Record<string, string> = { risk: '风控' };
