/* 待复核: a change waits here until a second operator approves it. The approval runs the change, in
 * the checker's transaction, with the row locked: two checkers pressing at once run it once. */
import {
  mayApprove,
  MSG_APPROVAL_DONE,
  MSG_APPROVAL_MISSING,
  MSG_APPROVAL_NOT_MAKER,
  MSG_APPROVAL_NOTE,
  MSG_APPROVAL_ROLE,
  MSG_APPROVAL_SELF,
  type ApprovalItem,
  type ApprovalKind,
  type ApprovalStatus,
  type ReviewTicket,
} from '@app/contract/console-approvals';
import type { OperatorRole } from '@app/contract/console-define';
import { formatDateTime } from '@app/contract/codecs';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { now, nowDate } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { approvals } from '../../db/schema/approvals';

export type ApprovalRow = typeof approvals.$inferSelect;

export interface Submission {
  kind: ApprovalKind;
  targetType: string;
  targetId: string | number;
  payload: unknown;
  summary: string;
  reason?: string;
  cents?: bigint;
  /** The maker's request id: the same submit twice answers the first ticket. */
  requestId?: string;
}

/** JSON for the payload column: bigint kept as a tagged string (zod outputs may carry bigint). */
export const payloadToJson = (v: unknown): unknown =>
  JSON.parse(
    JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? { $bigint: x.toString() } : x)) ?? 'null',
  );
export const payloadFromJson = <T>(v: unknown): T =>
  JSON.parse(JSON.stringify(v), (_k, x: unknown) =>
    x && typeof x === 'object' && '$bigint' in x ? BigInt((x as { $bigint: string }).$bigint) : x,
  ) as T;

/**
 * Files a change for a second operator. Answers its ticket; a repeat of the same request id by the
 * same maker answers the first one's ticket and files nothing.
 */
export async function submitApproval(
  db: Db,
  maker: Actor,
  s: Submission,
  audit: (e: AuditEntry) => Promise<void>,
): Promise<ReviewTicket> {
  const requestKey = s.requestId ? `${s.kind}:${maker.operatorId ?? 'cli'}:${s.requestId}` : null;
  const seen = async () => {
    if (!requestKey) return null;
    const [row] = await db.select().from(approvals).where(eq(approvals.requestKey, requestKey));
    return row ? { review_id: row.id, summary: row.summary } : null;
  };
  const first = await seen();
  if (first) return first;
  // Two taps racing past the look-up above: the unique key lets one in, the other answers its ticket.
  const [row] = await db
    .insert(approvals)
    .values({
      kind: s.kind,
      targetType: s.targetType,
      targetId: String(s.targetId),
      payload: payloadToJson(s.payload),
      summary: s.summary,
      reason: s.reason ?? '',
      cents: s.cents ?? 0n,
      makerId: maker.operatorId,
      makerName: maker.name,
      madeAt: nowDate(),
      requestKey,
    })
    .onConflictDoNothing({ target: approvals.requestKey })
    .returning();
  if (!row) {
    const other = await seen();
    if (other) return other;
    throw new Error('approval not filed');
  }
  await audit({
    action: 'approval.submit',
    targetType: 'approval',
    targetId: row.id,
    after: { kind: s.kind, summary: s.summary, reason: row.reason, target: `${s.targetType}:${s.targetId}` },
  });
  return { review_id: row.id, summary: row.summary };
}

/** Runs a pending change's payload; answers what to show (and a one-time password, if it made one). */
export type Executor = (
  ctx: { db: Db; row: ApprovalRow; maker: Actor; checker: Actor; audit: (e: AuditEntry) => Promise<void> },
  payload: unknown,
) => Promise<{ result: string; password?: string }>;

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

export function itemOf(row: ApprovalRow, viewer: { id: number; role: OperatorRole }): ApprovalItem {
  const kind = row.kind as ApprovalKind;
  const mine = row.makerId === viewer.id;
  const result = row.result as { text?: string } | null;
  return {
    id: row.id,
    kind,
    summary: row.summary,
    reason: row.reason,
    maker_name: row.makerName,
    made_at: time(row.madeAt) ?? '',
    status: row.status as ApprovalStatus,
    checker_name: row.checkerName,
    checked_at: time(row.checkedAt),
    check_note: row.checkNote,
    result: result?.text ?? '',
    mine,
    may_decide: row.status === 'pending' && !mine && mayApprove(viewer.role, kind),
  };
}

export async function listApprovals(
  db: Db,
  viewer: { id: number; role: OperatorRole },
  input: { view: 'pending' | 'done'; page: number; pageSize: number },
) {
  const where = input.view === 'pending' ? eq(approvals.status, 'pending') : ne(approvals.status, 'pending');
  const [total] = await db.select({ n: count() }).from(approvals).where(where);
  const [pending] = await db.select({ n: count() }).from(approvals).where(eq(approvals.status, 'pending'));
  const rows = await db
    .select()
    .from(approvals)
    .where(where)
    .orderBy(input.view === 'pending' ? asc(approvals.id) : desc(approvals.checkedAt), desc(approvals.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { total: total?.n ?? 0, pending: pending?.n ?? 0, items: rows.map((r) => itemOf(r, viewer)) };
}

/** The row, locked for this decision; refused when it is gone or already decided. */
async function lockedPending(db: Db, id: number): Promise<ApprovalRow> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  if (!row) throw new BusinessError(MSG_APPROVAL_MISSING, 404);
  if (row.status !== 'pending') throw new BusinessError(MSG_APPROVAL_DONE, 409);
  return row;
}

async function close(
  db: Db,
  id: number,
  status: ApprovalStatus,
  checker: Actor | null,
  note: string,
  text = '',
) {
  const [row] = await db
    .update(approvals)
    .set({
      status,
      checkerId: checker?.operatorId ?? null,
      checkerName: checker?.name ?? '',
      checkedAt: new Date(now()),
      checkNote: note,
      result: text ? { text } : null,
    })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
    .returning();
  if (!row) throw new BusinessError(MSG_APPROVAL_DONE, 409);
  return row;
}

export interface Decision {
  id: number;
  approve: boolean;
  note: string;
}

/**
 * Approves (runs the change) or rejects a pending change. Never by its maker, only by a role allowed
 * to approve its kind. A change that no longer applies (the card number taken since, the balance too
 * low for the debit) is closed as 未能生效 with the reason, and nothing of it stays.
 */
export async function decideApproval(
  db: Db,
  checker: Actor & { role: OperatorRole },
  d: Decision,
  executors: Record<ApprovalKind, Executor>,
  audit: (e: AuditEntry) => Promise<void>,
) {
  const row = await lockedPending(db, d.id);
  const kind = row.kind as ApprovalKind;
  if (row.makerId === checker.operatorId) throw new BusinessError(MSG_APPROVAL_SELF, 403);
  if (!mayApprove(checker.role, kind)) throw new BusinessError(MSG_APPROVAL_ROLE, 403);
  const facts = {
    kind,
    summary: row.summary,
    reason: row.reason,
    maker_name: row.makerName,
    made_at: time(row.madeAt),
    checker_name: checker.name,
    checked_at: formatDateTime(now()),
    note: d.note,
  };
  const viewer = { id: checker.operatorId ?? 0, role: checker.role };
  if (!d.approve) {
    if (!d.note) throw new BusinessError(MSG_APPROVAL_NOTE);
    const closed = await close(db, row.id, 'rejected', checker, d.note);
    await audit({ action: 'approval.reject', targetType: 'approval', targetId: row.id, after: facts });
    return { item: itemOf(closed, viewer) };
  }
  const maker: Actor = { operatorId: row.makerId, name: row.makerName, ip: '' };
  const run = await runInSavepoint(db, () =>
    executors[kind]({ db, row, maker, checker, audit }, payloadFromJson(row.payload)),
  );
  if ('failed' in run) {
    const closed = await close(db, row.id, 'failed', checker, d.note, run.failed);
    await audit({
      action: 'approval.failed',
      targetType: 'approval',
      targetId: row.id,
      after: { ...facts, why: run.failed },
    });
    return { item: itemOf(closed, viewer) };
  }
  const closed = await close(db, row.id, 'approved', checker, d.note, run.value.result);
  await audit({
    action: 'approval.approve',
    targetType: 'approval',
    targetId: row.id,
    after: { ...facts, result: run.value.result },
  });
  return { item: itemOf(closed, viewer), ...(run.value.password ? { password: run.value.password } : {}) };
}

/**
 * Runs `work` in a savepoint: a refusal (BusinessError) rolls back only what it did and answers its
 * message; anything else fails the whole call.
 */
export async function runInSavepoint<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ value: T } | { failed: string }> {
  try {
    return { value: await db.transaction(() => work()) };
  } catch (err) {
    if (err instanceof BusinessError) return { failed: err.message };
    throw err;
  }
}

const DRY_RUN = Symbol('dry run');

/**
 * Checks a change would apply now (every refusal it would give, e.g. a card number taken), then
 * undoes it: what a maker is told at once rather than when the checker approves.
 */
async function dryRun(db: Db, work: () => Promise<unknown>): Promise<void> {
  try {
    await db.transaction(async () => {
      await work();
      throw DRY_RUN;
    });
  } catch (err) {
    if (err !== DRY_RUN) throw err;
  }
}

/** A change filed for review with the change itself (`check`), tried now and undone. */
export interface Filing extends Submission {
  check: () => Promise<unknown>;
}

/**
 * Files a change for a second operator once it is known to apply now: every refusal the change would
 * give (a card number taken, a name in use) reaches the maker at once rather than the checker later.
 */
export async function fileForReview(
  db: Db,
  maker: Actor,
  filing: Filing,
  audit: (e: AuditEntry) => Promise<void>,
): Promise<ReviewTicket> {
  const { check, ...submission } = filing;
  await dryRun(db, check);
  return submitApproval(db, maker, submission, audit);
}

/** The maker withdraws its own pending change. */
export async function cancelApproval(
  db: Db,
  maker: Actor & { role: OperatorRole },
  id: number,
  audit: (e: AuditEntry) => Promise<void>,
) {
  const row = await lockedPending(db, id);
  if (row.makerId !== maker.operatorId) throw new BusinessError(MSG_APPROVAL_NOT_MAKER, 403);
  const closed = await close(db, id, 'cancelled', null, '');
  await audit({
    action: 'approval.cancel',
    targetType: 'approval',
    targetId: id,
    after: { kind: row.kind, summary: row.summary },
  });
  return itemOf(closed, { id: maker.operatorId ?? 0, role: maker.role });
}
