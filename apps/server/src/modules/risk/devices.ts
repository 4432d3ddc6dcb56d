/* The devices members use (the app's random device id): recorded at registration and sign-in, read by
 * linked accounts (links.ts) and the new-device flag (flags.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberDevices } from '../../db/schema/risk';

/** Records that `userId` used `deviceId` at `at` (first and last seen). */
export async function recordDevice(db: Db, userId: number, deviceId: string, at: Date): Promise<void> {
  await db
    .insert(memberDevices)
    .values({ userId, deviceId, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [memberDevices.userId, memberDevices.deviceId],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}
