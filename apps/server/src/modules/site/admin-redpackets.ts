/* 红包设置 in the console: the switch and the bands. A claim reads both inside its own transaction
 * (modules/promo/redpackets.ts), so a change applies from the next claim; a claim already made keeps
 * its row and its credit, which nothing here touches. */
import { formatCents } from '@app/contract/codecs';
import type { RedPacketBandCents, RedPacketsView } from '@app/contract/console-site';
import { RED_PACKET_WINDOW } from '@app/contract/promo';
import { eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { redPacketRules } from '../../db/schema/promo';
import { siteSettings } from '../../db/schema/site';
import { rulesOf } from '../promo/redpackets';
import { bandValueOf, costsNow } from '../promo/value';
import { bandName, HINT_BAND, valueProblem } from '@app/contract/promo-value';
import { BusinessError } from '../../core/errors';
import { getSettings } from './service';

/** The bands as stored (yuan), what the audit log records. */
async function bandsOf(db: Db) {
  const rules = await rulesOf(db);
  return rules.map((r) => ({
    min_deposit: formatCents(r.minDepositCents),
    max_deposit: formatCents(r.maxDepositCents),
    claims: r.claims,
    max_amount: formatCents(r.maxAmountCents),
  }));
}

/** The switch and the bands, each with what it is worth to a member at today's rebates. */
export async function redPacketsView(db: Db): Promise<RedPacketsView> {
  const s = await getSettings(db);
  const costs = await costsNow(db);
  const bands = (await rulesOf(db)).map((r) => ({
    min_deposit: formatCents(r.minDepositCents),
    max_deposit: formatCents(r.maxDepositCents),
    claims: r.claims,
    max_amount: formatCents(r.maxAmountCents),
    value: bandValueOf(r, costs),
  }));
  return { switch_on: s.redpacketSwitch === 1, bands, window: { ...RED_PACKET_WINDOW } };
}

/** Locks the settings row: switch and band writes of two operators apply one after the other. */
async function lockSettings(db: Db) {
  await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
}

export async function saveRedPacketSwitch(db: Db, on: boolean) {
  await lockSettings(db);
  const before = (await getSettings(db)).redpacketSwitch === 1;
  await db
    .update(siteSettings)
    .set({ redpacketSwitch: on ? 1 : 0, updatedAt: new Date(now()) })
    .where(eq(siteSettings.id, 1));
  return { view: await redPacketsView(db), before: { switch_on: before }, after: { switch_on: on } };
}

/**
 * Replaces every band (validated by the contract: non-overlapping, min ≤ max, a band's packets never
 * exceed its minimum deposit), ordered by minimum deposit. Without the lock two saves at once could
 * each delete the old bands and both insert theirs: overlapping bands.
 */
export async function saveRedPacketBands(db: Db, bands: readonly RedPacketBandCents[]) {
  await lockSettings(db);
  const before = await bandsOf(db);
  const sorted = [...bands].sort((a, b) => a.min_deposit - b.min_deposit);
  // Worth more than 0 to a member who deposits the band's minimum for its packets: refused, with the figure.
  const costs = await costsNow(db);
  for (const b of sorted) {
    const band = {
      minDepositCents: BigInt(b.min_deposit),
      claims: b.claims,
      maxAmountCents: BigInt(b.max_amount),
    };
    const problem = valueProblem(bandName(b.min_deposit), bandValueOf(band, costs), HINT_BAND);
    if (problem) throw new BusinessError(problem);
  }
  await db.delete(redPacketRules);
  await db.insert(redPacketRules).values(
    sorted.map((b, i) => ({
      minDepositCents: BigInt(b.min_deposit),
      maxDepositCents: BigInt(b.max_deposit),
      claims: b.claims,
      maxAmountCents: BigInt(b.max_amount),
      sort: i + 1,
    })),
  );
  const view = await redPacketsView(db);
  return { view, before: { bands: before }, after: { bands: await bandsOf(db) } };
}
