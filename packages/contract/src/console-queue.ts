/* Console calls: the review queues' daily tools — 领取 / 释放 a deposit or a withdrawal, bulk approve /
 * reject with one reason, and 补单 (a late approval of an expired deposit, through 待复核). */
import * as z from 'zod/mini';
import {
  defineConsoleCall,
  MSG_REVIEW_REASON,
  REVIEW_REASON_MAX,
  type ConsoleCallDef,
} from './console-define';
import { ReviewTicket } from './console-approvals';
import {
  consoleApproveDeposit,
  consoleApproveWithdrawal,
  consoleRejectDeposit,
  consoleRejectWithdrawal,
} from './console-money';
import { WholeNumber, OPS_ID_MAX } from './ops-fields';

/** How long a claim (领取) holds: after it, anyone may claim the order again. */
export const QUEUE_CLAIM_MINUTES = 30;
/** At most this many orders in one bulk approval or rejection. */
export const QUEUE_BULK_MAX = 50;
/** The least length of a 补单 reason. */
export const LATE_REASON_MIN = 4;

/** Refused: another operator's live claim holds the order. */
export const msgClaimedBy = (name: string) => `该订单已由${name}领取`;
export const MSG_RELEASE_NOT_HOLDER = '只能释放自己领取的订单';
export const MSG_CLAIM_REVIEWED = '订单已审核，无需领取';
export const MSG_LATE_NOT_EXPIRED = '订单未超时，请直接审核';
export const MSG_LATE_PENDING = '该订单已提交补单复核，请等待复核';
export const MSG_LATE_REASON = `请填写补单原因（至少${LATE_REASON_MIN}个字）`;
export const MSG_BULK_EMPTY = '请选择订单';
export const MSG_BULK_MAX = `一次最多处理${QUEUE_BULK_MAX}笔订单`;
export const MSG_BULK_REASON = MSG_REVIEW_REASON;

const Id = WholeNumber(1, OPS_ID_MAX);

/** An order's claim: who holds it ('' when nobody) and until when (null when nobody). */
export const ClaimState = z.object({
  id: z.number(),
  claimed_by: z.string(),
  claim_expires_at: z.nullable(z.string()),
});
export type ClaimState = z.output<typeof ClaimState>;

const Ids = z
  .array(Id, MSG_BULK_EMPTY)
  .check(z.minLength(1, MSG_BULK_EMPTY), z.maxLength(QUEUE_BULK_MAX, MSG_BULK_MAX));
const reasonMax = z.maxLength(REVIEW_REASON_MAX, `原因最多${REVIEW_REASON_MAX}个字`);
/** One reason for every item: required to reject. */
const RejectReason = z.pipe(
  z._default(z.string(), ''),
  z.string().check(z.trim(), z.minLength(1, MSG_BULK_REASON), reasonMax),
);
/** Optional on approval (recorded as each item's review note). */
const ApproveNote = z._default(z.string().check(z.trim(), reasonMax), '');

/** What happened to one id of a bulk call: done, or the reason it was not (in Chinese). */
export const BulkItemResult = z.object({ id: z.number(), ok: z.boolean(), message: z.string() });
export type BulkItemResult = z.output<typeof BulkItemResult>;
export const BulkResult = z.object({
  done: z.number(),
  failed: z.number(),
  results: z.array(BulkItemResult),
});
export type BulkResult = z.output<typeof BulkResult>;

/** The summary line of a bulk result: 'N 笔成功，M 笔未处理'. */
export const bulkSummary = (r: Pick<BulkResult, 'done' | 'failed'>) =>
  `${r.done} 笔成功，${r.failed} 笔未处理`;

const claimCall = (name: string, path: string, roles: ConsoleCallDef['roles']) =>
  defineConsoleCall({
    name,
    method: 'POST',
    path,
    request: z.object({ id: Id }),
    response: ClaimState,
    roles,
  });

/** 领取 a pending deposit for QUEUE_CLAIM_MINUTES (again by its holder: renewed). */
export const consoleClaimDeposit = claimCall(
  'consoleClaimDeposit',
  '/deposits/claim',
  consoleApproveDeposit.roles,
);
/** 释放: the holder (or 超级管理员) gives the claim up. */
export const consoleReleaseDeposit = claimCall(
  'consoleReleaseDeposit',
  '/deposits/release',
  consoleApproveDeposit.roles,
);
export const consoleClaimWithdrawal = claimCall(
  'consoleClaimWithdrawal',
  '/withdrawals/claim',
  consoleRejectWithdrawal.roles,
);
export const consoleReleaseWithdrawal = claimCall(
  'consoleReleaseWithdrawal',
  '/withdrawals/release',
  consoleRejectWithdrawal.roles,
);

const bulkCall = (name: string, path: string, roles: ConsoleCallDef['roles'], reject: boolean) =>
  defineConsoleCall({
    name,
    method: 'POST',
    path,
    request: z.object({ ids: Ids, reason: reject ? RejectReason : ApproveNote }),
    response: BulkResult,
    roles,
    // Not one transaction: each item is reviewed (and audited) in its own, a refusal stops only it.
    write: false,
  });

/** Each deposit approved in its own transaction (the single approval's rules); a result per id. */
export const consoleBulkApproveDeposits = bulkCall(
  'consoleBulkApproveDeposits',
  '/deposits/bulk-approve',
  consoleApproveDeposit.roles,
  false,
);
export const consoleBulkRejectDeposits = bulkCall(
  'consoleBulkRejectDeposits',
  '/deposits/bulk-reject',
  consoleRejectDeposit.roles,
  true,
);
/** Each withdrawal paid in its own transaction: 风控's hold, separation and the daily total apply to each. */
export const consoleBulkApproveWithdrawals = bulkCall(
  'consoleBulkApproveWithdrawals',
  '/withdrawals/bulk-approve',
  consoleApproveWithdrawal.roles,
  false,
);
export const consoleBulkRejectWithdrawals = bulkCall(
  'consoleBulkRejectWithdrawals',
  '/withdrawals/bulk-reject',
  consoleRejectWithdrawal.roles,
  true,
);

/** 补单 reason: at least LATE_REASON_MIN characters. */
export const LateReason = z
  .string(MSG_LATE_REASON)
  .check(z.trim(), z.minLength(LATE_REASON_MIN, MSG_LATE_REASON), reasonMax);

/** 补单: asks a second 财务 to approve a pending deposit whose window ran out (待复核 'deposit.late'). */
export const consoleLateDeposit = defineConsoleCall({
  name: 'consoleLateDeposit',
  method: 'POST',
  path: '/deposits/late',
  request: z.object({ id: Id, reason: LateReason }),
  response: ReviewTicket,
  roles: consoleApproveDeposit.roles,
});

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_QUEUE_CALLS: readonly ConsoleCallDef[] = [
  consoleClaimDeposit,
  consoleReleaseDeposit,
  consoleClaimWithdrawal,
  consoleReleaseWithdrawal,
  consoleBulkApproveDeposits,
  consoleBulkRejectDeposits,
  consoleBulkApproveWithdrawals,
  consoleBulkRejectWithdrawals,
  consoleLateDeposit,
];
