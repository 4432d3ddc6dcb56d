/* Presence without a click: an operator whose console is gone goes offline by itself. Each process
 * writes the operators of its open 客服工作台 sockets as seen every SUPPORT_PRESENCE_HEARTBEAT_MS
 * (support_operators.updated_at, which the presence call also sets; a queue poll counts too, for a
 * console without its socket). The leader (jobs/plugin.ts) sets offline, every
 * SUPPORT_PRESENCE_SWEEP_MS, those online and not seen for SUPPORT_PRESENCE_GRACE_MS: a reload, a
 * dropped connection or a process restart within the grace does not drop anyone, and nothing here
 * needs the processes to know each other. */
import {
  SUPPORT_PRESENCE_GRACE_MS,
  SUPPORT_PRESENCE_HEARTBEAT_MS,
} from '@app/contract/console-support-socket';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { supportOperators } from '../../db/schema/support';
import type { RoomBus } from '../../http/realtime/room-bus';

/**
 * Marks these operators seen now. `throttled`: only rows not written for a heartbeat (a queue poll
 * every few seconds then costs a write a heartbeat at most).
 */
export async function markSeen(db: Db, operatorIds: number[], throttled = false): Promise<void> {
  if (operatorIds.length === 0) return;
  const at = now();
  // Rows an assignment holds are skipped, not waited for: assignment locks operators in id order and
  // a many-row update in table order deadlocked with it (seen under load). A skipped beat is harmless:
  // the next comes in SUPPORT_PRESENCE_HEARTBEAT_MS, the grace is several beats.
  const free = db
    .select({ id: supportOperators.operatorId })
    .from(supportOperators)
    .where(
      and(
        inArray(supportOperators.operatorId, operatorIds),
        throttled ? lt(supportOperators.updatedAt, new Date(at - SUPPORT_PRESENCE_HEARTBEAT_MS)) : undefined,
      ),
    )
    .orderBy(supportOperators.operatorId)
    .for('update', { skipLocked: true });
  await db
    .update(supportOperators)
    .set({ updatedAt: new Date(at) })
    .where(inArray(supportOperators.operatorId, free));
}

/** The leader's sweep: online operators not seen within the grace go offline; members are told. */
export async function offlineUnseen(db: Db, bus: RoomBus): Promise<number[]> {
  // Skipping rows an assignment holds, as markSeen: they are looked at again next sweep.
  const unseen = db
    .select({ id: supportOperators.operatorId })
    .from(supportOperators)
    .where(
      and(
        eq(supportOperators.online, true),
        lt(supportOperators.updatedAt, new Date(now() - SUPPORT_PRESENCE_GRACE_MS)),
      ),
    )
    .orderBy(supportOperators.operatorId)
    .for('update', { skipLocked: true });
  const gone = await db
    .update(supportOperators)
    .set({ online: false, updatedAt: new Date(now()) })
    .where(inArray(supportOperators.operatorId, unseen))
    .returning({ id: supportOperators.operatorId });
  if (gone.length > 0) await bus.publishDesk({ k: 'online' });
  return gone.map((r) => r.id);
}
