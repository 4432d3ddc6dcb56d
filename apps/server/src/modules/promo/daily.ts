import type { Db } from '../../db/client';
import { computeRebates } from './rebates';
import { runVip } from './vip';

/**
 * The work after a Beijing day ends: rebates of that day (at the members' levels during it), then
 * the VIP promotions and drops. Both are idempotent, so a rerun or a second process changes nothing.
 */
export async function runDailyJobs(db: Db, day: string) {
  const rebates = await computeRebates(db, day);
  const vip = await runVip(db, day);
  return { day, rebates, ...vip };
}
