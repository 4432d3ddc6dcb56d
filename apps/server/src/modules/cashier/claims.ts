/* 领取 / 释放: an operator claims a pending deposit or withdrawal for QUEUE_CLAIM_MINUTES so that two
 * operators do not work the same order; while the claim lives, nobody else may claim, approve or
 * reject it. The command line (no operator) is the machine's owner and is never held. */
import { formatDateTime } from '@app/contract/codecs';
import {
  MSG_CLAIM_REVIEWED,
  MSG_RELEASE_NOT_HOLDER,
  msgClaimedBy,
  QUEUE_CLAIM_MINUTES,
  type ClaimState,
} from '@app/contract/console-queue';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { deposits, withdrawals } from '../../db/schema/money';

export const CLAIM_MS = QUEUE_CLAIM_MINUTES * 60_000;

/** The claim columns of a deposit or a withdrawal. */
export interface Claimed {
  state?: number;
  claimedBy: string;
  claimedAt: Date | null;
}

/** The live claim's holder (and expiry), or null when nobody holds it (none, expired or reviewed). */
export function liveClaim(row: Claimed, at = now()): { by: string; until: Date } | null {
  if (!row.claimedBy || !row.claimedAt) return null;
  if (row.state !== undefined && row.state !== REVIEW_STATES.pending) return null;
  const until = new Date(row.claimedAt.getTime() + CLAIM_MS);
  return until.getTime() > at ? { by: row.claimedBy, until } : null;
}

/** The claim fields of a console row: '' / null when nobody holds it. */
export function claimFields(row: Claimed, at = now()) {
  const live = liveClaim(row, at);
  return {
    claimed_by: live?.by ?? '',
    claim_expires_at: live ? formatDateTime(live.until.getTime()) : null,
  };
}

/** Why `actor` may not review an order held by another operator's live claim, or null. */
export function claimRefusal(row: Claimed, actor: Actor, at = now()): string | null {
  if (actor.operatorId === null) return null;
  const live = liveClaim(row, at);
  return live && live.by !== actor.name ? msgClaimedBy(live.by) : null;
}

type ClaimTable = typeof deposits | typeof withdrawals;

/** SQL: nobody but `actor` holds a live claim of the row (always true for the command line). */
export function claimFreeFor(table: ClaimTable, actor: Actor, at: number): SQL | undefined {
  if (actor.operatorId === null) return undefined;
  return or(
    eq(table.claimedBy, ''),
    eq(table.claimedBy, actor.name),
    isNull(table.claimedAt),
    lte(table.claimedAt, new Date(at - CLAIM_MS)),
  );
}

const tableOf = (kind: 'deposit' | 'withdrawal'): ClaimTable => (kind === 'deposit' ? deposits : withdrawals);
const MSG_MISSING = { deposit: '订单不存在', withdrawal: '提现订单不存在' } as const;

async function current(db: Db, kind: 'deposit' | 'withdrawal', id: number) {
  const table = tableOf(kind);
  const [row] = await db
    .select({ id: table.id, state: table.state, claimedBy: table.claimedBy, claimedAt: table.claimedAt })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw new BusinessError(MSG_MISSING[kind], 404);
  return row;
}

const stateOf = (id: number, row: Claimed, at: number): ClaimState => ({ id, ...claimFields(row, at) });

/**
 * 领取: one guarded update (pending, and no live claim of another operator), so of two claims at once
 * one holds it; the other is told who. Claiming one's own claim again renews it.
 */
export async function claimOrder(
  db: Db,
  kind: 'deposit' | 'withdrawal',
  id: number,
  actor: Actor,
): Promise<ClaimState> {
  const table = tableOf(kind);
  const at = now();
  const [row] = await db
    .update(table)
    .set({ claimedBy: actor.name, claimedAt: new Date(at) })
    .where(and(eq(table.id, id), eq(table.state, REVIEW_STATES.pending), claimFreeFor(table, actor, at)))
    .returning({ state: table.state, claimedBy: table.claimedBy, claimedAt: table.claimedAt });
  if (row) return stateOf(id, row, at);
  const now_ = await current(db, kind, id);
  if (now_.state !== REVIEW_STATES.pending) throw new BusinessError(MSG_CLAIM_REVIEWED, 409);
  throw new BusinessError(claimRefusal(now_, actor, at) ?? msgClaimedBy(now_.claimedBy), 409);
}

/** 释放: only the holder (or 超级管理员, `anyone`) ends a live claim; an order nobody holds stays so. */
export async function releaseOrder(
  db: Db,
  kind: 'deposit' | 'withdrawal',
  id: number,
  actor: Actor,
  anyone: boolean,
): Promise<ClaimState> {
  const table = tableOf(kind);
  const at = now();
  const row = await current(db, kind, id);
  const live = liveClaim(row, at);
  if (!live) return stateOf(id, { claimedBy: '', claimedAt: null }, at);
  if (live.by !== actor.name && !anyone) throw new BusinessError(MSG_RELEASE_NOT_HOLDER, 403);
  await db
    .update(table)
    .set({ claimedBy: '', claimedAt: null })
    .where(and(eq(table.id, id), eq(table.claimedBy, live.by)));
  return stateOf(id, { claimedBy: '', claimedAt: null }, at);
}
