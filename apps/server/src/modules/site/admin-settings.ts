/* 站点设置 in the console: maintenance and the addresses, through the site module's own services (the
 * command line's opsMaintenance / opsSiteUrls), so both ways to change them follow one rule. An
 * address changed to another site waits in 待复核 for 超级管理员: one operator alone must not be able to
 * send members to a desk, a download or a domain of its own choosing. */
import { formatDateTime } from '@app/contract/codecs';
import type { ReviewTicket } from '@app/contract/console-approvals';
import {
  isExternalAddress,
  SITE_ADDRESS_FIELDS,
  SITE_ADDRESS_LABELS,
  type SiteAddressField,
  type SiteSettingsView,
} from '@app/contract/console-site';
import { eq } from 'drizzle-orm';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/site';
import { fileForReview, type Executor } from '../approvals/service';
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

type Addresses = Partial<Record<SiteAddressField, string>>;
type Audit = (e: AuditEntry) => Promise<void>;

/** The addresses given (all, or those a reviewed change names); the audit carries only those that changed. */
export async function saveAddresses(db: Db, input: Addresses) {
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

/**
 * The form's save: the changed addresses that lead to another site go to 待复核 together with the
 * rest of the change (one decision, and nothing half applied); a change within this server applies now.
 * The ticket carries only what changed, so a later approval never undoes another change made meanwhile.
 */
export async function requestAddressesChange(
  db: Db,
  maker: Actor,
  input: Record<SiteAddressField, string>,
  audit: Audit,
): Promise<SiteSettingsView | ReviewTicket> {
  const current = await siteSettingsView(db);
  const changed = SITE_ADDRESS_FIELDS.filter((f) => input[f] !== current[f]);
  if (!changed.some((f) => isExternalAddress(input[f]))) {
    const r = await saveAddresses(db, input);
    await audit({
      action: 'site.addresses',
      targetType: 'site',
      targetId: 1,
      before: r.before,
      after: r.after,
    });
    return r.view;
  }
  const change = Object.fromEntries(changed.map((f) => [f, input[f]])) as Addresses;
  return fileForReview(
    db,
    maker,
    {
      check: () => saveAddresses(db, change),
      kind: 'site.addresses',
      targetType: 'site',
      targetId: 1,
      payload: change,
      summary: changed.map((f) => `${SITE_ADDRESS_LABELS[f]}改为 ${input[f]}`).join('；'),
    },
    audit,
  );
}

export const addressesExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const r = await saveAddresses(db, payload as Addresses);
  await audit({
    action: 'site.addresses',
    targetType: 'site',
    targetId: 1,
    before: r.before,
    after: { ...r.after, approval_id: row.id, maker_name: maker.name, checker_name: checker.name },
  });
  return { result: '站点地址已更新' };
};
