/* What an operator does to a member: block, adjust the central balance, reset a password, lift a
 * payment-password lockout, send a site message. Each runs in the console call's transaction. */
import { createHash } from 'node:crypto';
import { formatCents } from '@app/contract/codecs';
import {
  MSG_ADJUST_BELOW_ZERO,
  MSG_REQUEST_REUSED,
  type AdjustDirection,
} from '@app/contract/console-members';
import { and, eq } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { idempotencyKeys } from '../../db/schema/money';
import { wallets } from '../../db/schema/wallets';
import type { RoomBus } from '../../http/realtime/room-bus';
import { clearAttempts, KIND } from '../../identity/limits';
import { hashPassword, oneTimePassword } from '../../identity/passwords';
import { textAsHtml } from '../../http/html';
import { allSessionsEnded, memberBlockedSignedOut } from '../auth/revocation';
import { sendMessage } from '../content/service';
import { centralWalletId, MSG_INSUFFICIENT, post, SYSTEM } from '../wallet/ledger';
import { addRequirement, turnover } from '../wallet/turnover';
import { memberRow, payPasswordFailures } from './admin-page';

export const MSG_TRIAL_ADJUST = '试玩账号不能调整余额';
export const MSG_TRIAL_PASSWORD = '试玩账号的密码是公开的，不能重置';

/* Block ------------------------------------------------------------------------------------------- */

/**
 * Blocks a member, whichever door asks (console, command line): every session of the member ends at
 * once (their next call answers 401, signing in again 403 账号已被冻结), with their games, tickets and
 * sockets on every process. Answers whether they were blocked before and the sessions it ended.
 */
export async function blockMember(db: Db, bus: RoomBus, id: number) {
  const before = await memberRow(db, id);
  await db.update(users).set({ blocked: true }).where(eq(users.id, id));
  return { before: before.blocked, sessionsEnded: await memberBlockedSignedOut(db, bus, id) };
}

/** Lets a blocked member sign in again (the sessions the block ended stay ended). */
export async function unblockMember(db: Db, id: number) {
  const before = await memberRow(db, id);
  await db.update(users).set({ blocked: false }).where(eq(users.id, id));
  return { before: before.blocked, sessionsEnded: 0 };
}

/* Adjust ------------------------------------------------------------------------------------------ */

export interface AdjustInput {
  id: number;
  direction: AdjustDirection;
  amount: number;
  reason: string;
  turnover: boolean;
  request_id: string;
}

export interface AdjustReply {
  id: number;
  direction: AdjustDirection;
  amount: string;
  balance: string;
  turnover_required: string;
}

export type AdjustOutcome =
  | { replayed: true; reply: AdjustReply }
  | { replayed: false; reply: AdjustReply; before: { balance: string; turnover_required: string } };

/** The claim's key: one operator's request id (another operator's same id is another request). */
const claimKey = (actor: Actor, requestId: string) => `console:${actor.operatorId ?? 'cli'}:${requestId}`;

const requestHash = (i: AdjustInput) =>
  createHash('sha256')
    .update(JSON.stringify([i.id, i.direction, i.amount, i.reason, i.turnover]))
    .digest('hex');

async function balances(db: Db, id: number) {
  const u = await memberRow(db, id);
  const walletId = await centralWalletId(db, id);
  const [w] = await db.select({ cents: wallets.balanceCents }).from(wallets).where(eq(wallets.id, walletId));
  const t = await turnover(db, id);
  return { walletId, trial: u.isTrial === 1, balance: w?.cents ?? 0n, required: t.required };
}

/**
 * One balanced movement between the central wallet and the adjustments account, claimed by
 * (operator, request_id) in the same transaction: a repeat (double submit, a retry, the same request
 * running at once) answers with the first one's reply and moves nothing.
 */
export async function adjustBalance(db: Db, actor: Actor, input: AdjustInput): Promise<AdjustOutcome> {
  const before = await balances(db, input.id);
  if (before.trial) throw new BusinessError(MSG_TRIAL_ADJUST, 403);
  const key = claimKey(actor, input.request_id);
  const hash = requestHash(input);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: input.id, key, requestHash: hash, status: null })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed.length === 0) return { replayed: true, reply: await replayOf(db, input.id, key, hash) };

  const cents = BigInt(input.amount);
  const signed = input.direction === 'credit' ? cents : -cents;
  try {
    await db.transaction(async (tx) => {
      const reference = `${actor.name}：${input.reason}`.slice(0, 240);
      await post(tx, {
        reason: 'adjustment',
        reference,
        legs: [
          { wallet: before.walletId, cents: signed },
          { account: SYSTEM.adjustments, cents: -signed },
        ],
      });
      // With the credit, never after it: a credit is never left without the turnover it was given with.
      if (input.direction === 'credit' && input.turnover) {
        await addRequirement(tx, input.id, { source: 'adjustment', cents, reference });
      }
    });
  } catch (err) {
    if (err instanceof BusinessError && err.message === MSG_INSUFFICIENT) {
      throw new BusinessError(MSG_ADJUST_BELOW_ZERO);
    }
    throw err;
  }
  const after = await balances(db, input.id);
  const reply: AdjustReply = {
    id: input.id,
    direction: input.direction,
    amount: formatCents(cents),
    balance: formatCents(after.balance),
    turnover_required: formatCents(after.required),
  };
  await db
    .update(idempotencyKeys)
    .set({ status: 200, body: JSON.stringify(reply) })
    .where(and(eq(idempotencyKeys.userId, input.id), eq(idempotencyKeys.key, key)));
  return {
    replayed: false,
    reply,
    before: { balance: formatCents(before.balance), turnover_required: formatCents(before.required) },
  };
}

async function replayOf(db: Db, userId: number, key: string, hash: string): Promise<AdjustReply> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.requestHash !== hash) throw new BusinessError(MSG_REQUEST_REUSED, 409);
  if (row.status !== 200 || !row.body) throw new BusinessError('该调整正在处理，请稍后刷新查看', 409);
  return JSON.parse(row.body) as AdjustReply;
}

/* Passwords --------------------------------------------------------------------------------------- */

/** A member's one-time password: 10 characters, within the members' 6–16 rule. */
export const ONE_TIME_PASSWORD_LENGTH = 10;

/**
 * Sets a one-time login or payment password (console and command line). The member must change it
 * before anything else: a login one ends every session of the member and holds the next sign-in to
 * 修改登录密码 (must_change_password); a payment one refuses withdrawals and card binding until
 * 修改支付密码 (must_change_pay_password). The operator never learns a password the member keeps.
 */
export async function resetPassword(db: Db, bus: RoomBus, id: number, kind: 'login' | 'pay') {
  const u = await memberRow(db, id);
  if (u.isTrial === 1) throw new BusinessError(MSG_TRIAL_PASSWORD, 403);
  const password = oneTimePassword(ONE_TIME_PASSWORD_LENGTH);
  const hash = await hashPassword(password);
  if (kind === 'login') {
    await db.update(users).set({ passwordHash: hash, mustChangePassword: true }).where(eq(users.id, id));
    return { password, sessionsEnded: await allSessionsEnded(db, bus, id) };
  }
  await db.update(users).set({ payPasswordHash: hash, mustChangePayPassword: true }).where(eq(users.id, id));
  await clearAttempts(db, KIND.payPassword, String(id));
  return { password, sessionsEnded: 0 };
}

/** Clears the member's wrong-payment-password count; returns the count it cleared. */
export async function unlockPayPassword(db: Db, id: number): Promise<number> {
  await memberRow(db, id);
  const failures = await payPasswordFailures(db, id);
  await clearAttempts(db, KIND.payPassword, String(id));
  return failures;
}

/* Site message ------------------------------------------------------------------------------------ */

export async function messageMember(db: Db, id: number, title: string, text: string) {
  const u = await memberRow(db, id);
  return sendMessage(db, u.username, title, textAsHtml(text));
}
