/* The withdrawal review's own fields (console-money.ts uses them): the queue's filters, the account
 * takeover holds and the facts of the drawer. Amounts are yuan strings, times `Y-m-d H:i:s` Beijing. */
import * as z from 'zod/mini';
import { toCents } from './codecs';
import { isCalendarDay } from './calendar-day';

/** A hold on a pending withdrawal: why, and until when (approving before is refused). */
export const WithdrawalHold = z.object({ reason: z.string(), until: z.string() });
export type WithdrawalHold = z.infer<typeof WithdrawalHold>;

/** `Y-m-d H:i:s` → `m-d H:i`, how a hold's time reads. */
export const shortDateTime = (text: string) => text.slice(5, 16);

/** Why approving a held withdrawal is refused: the latest `until` and every reason. */
export function msgWithdrawalHeld(holds: readonly WithdrawalHold[]): string {
  const until = holds.reduce((m, h) => (h.until > m ? h.until : m), '');
  const reasons = holds.map((h) => h.reason).join('、');
  return `该提现暂缓至 ${shortDateTime(until)}：${reasons}；请到时再审核或拒绝`;
}

/** Which password an operator reset, as the drawer and the hold say it. */
export const RESET_KIND_LABELS = { login: '登录密码', pay: '支付密码' } as const;

/** Facts about the member beside a withdrawal (drawer). */
export const WithdrawalMemberFacts = z.object({
  /** The member's real name ('' when never given). */
  realname: z.string(),
  /** The holder name (bank card, Alipay) differs from the real name: shown red. */
  name_differs: z.boolean(),
  /** When the card / USDT address of the withdrawal was bound (null: not a bound one). */
  bound_at: z.nullable(z.string()),
  /** Password resets by operators in the last RESETS_DAYS days, newest first. */
  resets: z.array(z.object({ by: z.string(), at: z.string(), kind: z.string() })),
  /** Lifetime figures: approved deposits, paid withdrawals, and the member's result of play (+ won). */
  lifetime: z.object({ deposits: z.string(), withdrawals: z.string(), win_loss: z.string() }),
});
export type WithdrawalMemberFacts = z.infer<typeof WithdrawalMemberFacts>;

/** How far back the drawer lists password resets. */
export const RESETS_DAYS = 30;

/** The queue's filter kinds (withdrawal kind). */
export const WITHDRAWAL_KINDS = ['bank', 'usdt', 'alipay', 'wechat'] as const;

export const MSG_FILTER_TEXT = '搜索内容最多40个字';
export const MSG_FILTER_KIND = '请选择正确的提现方式';
export const MSG_FILTER_AMOUNT = '请输入正确的金额';
export const MSG_FILTER_AMOUNT_ORDER = '最低金额不能大于最高金额';
export const MSG_FILTER_DAY = '请选择正确的日期';
export const MSG_FILTER_DAY_ORDER = '开始日期不能晚于结束日期';

/** A text filter: trimmed, at most 40 characters; '' or missing → null. */
const TextFilter = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(40, MSG_FILTER_TEXT))),
  z.transform((v) => (v ? v : null)),
);

/** An amount filter in yuan ("100", "100.50"): cents, or null when empty. */
const AmountFilter = z.pipe(
  z.optional(
    z
      .string()
      .check(z.trim())
      .check(
        z.refine((v) => v === '' || (/^\d{1,10}(\.\d{1,2})?$/.test(v) && toCents(v) !== null), {
          message: MSG_FILTER_AMOUNT,
        }),
      ),
  ),
  z.transform((v) => (v ? toCents(v) : null)),
);

const DayFilter = z.pipe(
  z.optional(
    z
      .string()
      .check(z.trim())
      .check(z.refine((v) => v === '' || isCalendarDay(v), { message: MSG_FILTER_DAY })),
  ),
  z.transform((v) => (v ? v : null)),
);

const KindFilter = z.pipe(
  z.optional(
    z.string().check(
      z.refine((v) => v === '' || (WITHDRAWAL_KINDS as readonly string[]).includes(v), {
        message: MSG_FILTER_KIND,
      }),
    ),
  ),
  z.transform((v) => (v ? v : null)),
);

/** The queue's filters (every one optional; all given must match). Days are Beijing days. */
export const WithdrawalFilterFields = {
  username: TextFilter,
  realname: TextFilter,
  order_no: TextFilter,
  kind: KindFilter,
  min_amount: AmountFilter,
  max_amount: AmountFilter,
  from: DayFilter,
  to: DayFilter,
};

/** Cross-field checks of the filters: amount and day order. */
export function withdrawalFilterProblem(f: {
  min_amount: number | null;
  max_amount: number | null;
  from: string | null;
  to: string | null;
}): { path: string; message: string } | null {
  if (f.min_amount !== null && f.max_amount !== null && f.min_amount > f.max_amount) {
    return { path: 'max_amount', message: MSG_FILTER_AMOUNT_ORDER };
  }
  if (f.from !== null && f.to !== null && f.from > f.to) return { path: 'to', message: MSG_FILTER_DAY_ORDER };
  return null;
}

/** The filters alone (the console checks its form with them before asking). */
export const WithdrawalFilters = z.object(WithdrawalFilterFields).check(
  z.superRefine((f, ctx) => {
    const problem = withdrawalFilterProblem(f);
    if (problem)
      ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.path], input: f });
  }),
);
