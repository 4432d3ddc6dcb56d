/* 站点设置 in the console: maintenance and the addresses, through the site module's own services (the
 * command line's opsMaintenance / opsSiteUrls), so both ways to change them follow one rule. */
import { formatDateTime } from '@app/contract/codecs';
import {
  SITE_ADDRESS_FIELDS,
  type SiteAddressField,
  type SiteSettingsView,
} from '@app/contract/console-site';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/site';
import { getSettings, setMaintenance, setSiteUrls, type SiteSettings } from './service';

const COLUMN_OF = {
  service_url: 'serviceUrl',
  agent_login_url: 'agentLoginUrl',
  ios_download_url: 'iosDownloadUrl',
  ios_download_qrcode: 'iosDownloadQrcode',
  h5_url: 'h5Url',
} as const satisfies Record<SiteAddressField, keyof SiteSettings>;

function viewOf(s: SiteSettings): SiteSettingsView {
  const addresses = Object.fromEntries(SITE_ADDRESS_FIELDS.map((f) => [f, s[COLUMN_OF[f]]]));
  return {
    maintenance: s.siteState === 0,
    repair_tips: s.repairTips,
    ...(addresses as Record<SiteAddressField, string>),
    updated_at: formatDateTime(s.updatedAt.getTime()),
  };
}

export async function siteSettingsView(db: Db): Promise<SiteSettingsView> {
  return viewOf(await getSettings(db));
}

/**
 * The settings row locked for this write: two operators saving at once apply one after the other, and
 * each audit row's "before" is what the write really replaced.
 */
async function lockedSettings(db: Db): Promise<SiteSettings> {
  await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
  return getSettings(db);
}

/** Maintenance on or off with its message; the audit's before/after. */
export async function saveMaintenance(db: Db, on: boolean, tips: string) {
  const before = await lockedSettings(db);
  await setMaintenance(db, on, tips);
  const view = await siteSettingsView(db);
  return {
    view,
    before: { maintenance: before.siteState === 0, repair_tips: before.repairTips },
    after: { maintenance: view.maintenance, repair_tips: view.repair_tips },
  };
}

/** Every address at once; the audit carries only those that changed. */
export async function saveAddresses(db: Db, input: Record<SiteAddressField, string>) {
  const before = viewOf(await lockedSettings(db));
  await setSiteUrls(db, input);
  const view = await siteSettingsView(db);
  const changed = SITE_ADDRESS_FIELDS.filter((f) => before[f] !== view[f]);
  return {
    view,
    before: Object.fromEntries(changed.map((f) => [f, before[f]])),
    after: Object.fromEntries(changed.map((f) => [f, view[f]])),
  };
}
