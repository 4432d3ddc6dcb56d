import {
  LIMIT_CONFIRM_DAYS,
  LIMIT_COOLING_HOURS,
  MSG_LIMIT_NO_PENDING,
  MSG_LIMIT_NOT_YET,
} from '@app/contract/protection';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { playLimitEvents, playSettings } from '../../db/schema/protection';
import { lockMember } from '../../identity/member-lock';

/* 单次登录时长 (session-time limit): a session ends this many minutes after sign-in. Shortening is
 * protective and applies at once, to open sessions too; lengthening or removing it waits like a raise. */

const COOLING_MS = LIMIT_COOLING_HOURS * 3_600_000;
const CONFIRM_MS = LIMIT_CONFIRM_DAYS * DAY_MS;

/** The history row (play_limit_events, kind 'session'): minutes in the amount column, 0 for none. */
const logEvent = (tx: Tx, userId: number, action: string, minutes: number, at: number) =>
  tx.insert(playLimitEvents).values({
    userId,
    kind: 'session',
    period: 'day',
    action,
    amountCents: BigInt(minutes),
    actor: 'member',
    createdAt: new Date(at),
  });

async function settingsOf(tx: Tx, userId: number) {
  const [row] = await tx.select().from(playSettings).where(eq(playSettings.userId, userId));
  return row;
}

/** Every open session of the member ends `minutes` after it began, or sooner if it already would. */
async function shortenOpenSessions(tx: Tx, userId: number, minutes: number) {
  const limit = sql`${sessions.createdAt} + ${minutes}::int * interval '1 minute'`;
  await tx
    .update(sessions)
    .set({ endsAt: sql`least(coalesce(${sessions.endsAt}, ${limit}), ${limit})` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sets the limit (0: none): a first or shorter one at once, a longer one or none after cooling-off. */
export async function setSessionLimit(db: Db, userId: number, minutes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const at = now();
    const current = (await settingsOf(tx, userId))?.sessionLimitMinutes ?? 0;
    const updatedAt = new Date(at);
    if (minutes === current) {
      // Choosing the limit in force again withdraws a waiting change.
      await tx
        .update(playSettings)
        .set({ pendingSessionMinutes: null, pendingSessionFrom: null, updatedAt })
        .where(eq(playSettings.userId, userId));
      return;
    }
    const tighter = minutes > 0 && (current === 0 || minutes < current);
    const values = tighter
      ? { sessionLimitMinutes: minutes, pendingSessionMinutes: null, pendingSessionFrom: null }
      : { pendingSessionMinutes: minutes, pendingSessionFrom: new Date(at + COOLING_MS) };
    await tx
      .insert(playSettings)
      .values({ userId, ...values, updatedAt })
      .onConflictDoUpdate({ target: playSettings.userId, set: { ...values, updatedAt } });
    if (tighter) await shortenOpenSessions(tx, userId, minutes);
    const action = tighter
      ? current === 0
        ? 'set'
        : 'lowered'
      : minutes === 0
        ? 'remove_requested'
        : 'raise_requested';
    await logEvent(tx, userId, action, minutes, at);
  });
}

/** Applies a waiting longer limit or removal once its cooling-off is over and before it lapses. */
export async function confirmSessionLimit(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const at = now();
    const row = await settingsOf(tx, userId);
    const from = row?.pendingSessionFrom?.getTime() ?? null;
    if (!row || from === null || at > from + CONFIRM_MS) throw new BusinessError(MSG_LIMIT_NO_PENDING);
    if (at < from) throw new BusinessError(MSG_LIMIT_NOT_YET);
    const minutes = row.pendingSessionMinutes ?? 0;
    await tx
      .update(playSettings)
      .set({
        sessionLimitMinutes: minutes,
        pendingSessionMinutes: null,
        pendingSessionFrom: null,
        updatedAt: new Date(at),
      })
      .where(eq(playSettings.userId, userId));
    // Sessions already open keep the end they had; the next sign-in gets the new one.
    await logEvent(tx, userId, minutes === 0 ? 'removed' : 'raised', minutes, at);
  });
}
