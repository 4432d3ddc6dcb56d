/* The operators' console, 站点设置: maintenance, the service / agent / download / h5 addresses, the red-packet switch and bands. */
import * as z from 'zod/mini';
import { PromoValueShape } from './promo-value';
import { reject, SafeUrl, toCents } from './codecs';
import { ReviewTicket } from './console-approvals';
import { defineConsoleCall, type ConsoleCallDef, type OperatorRole } from './console-define';

/** Who edits the site settings and red packets: 运营 (and 超级管理员). */
export const SITE_ROLES: readonly OperatorRole[] = ['content'];

/* Maintenance ------------------------------------------------------------------------------------- */

/** The maintenance message members see instead of the app: plain text, at most this long. */
export const REPAIR_TIPS_MAX = 500;
export const MSG_REPAIR_TIPS_LONG = `维护提示最多${REPAIR_TIPS_MAX}个字`;

/* Addresses --------------------------------------------------------------------------------------- */

/** The addresses this screen sets, with their Chinese names (wire name → label). */
export const SITE_ADDRESS_LABELS = {
  service_url: '客服地址',
  agent_login_url: '代理登录地址',
  ios_download_url: 'App 下载地址',
  ios_download_qrcode: 'App 下载二维码',
  h5_url: '推广链接域名',
} as const;
export type SiteAddressField = keyof typeof SITE_ADDRESS_LABELS;
export const SITE_ADDRESS_FIELDS = Object.keys(SITE_ADDRESS_LABELS) as SiteAddressField[];

export const msgAddressMissing = (f: SiteAddressField) => `请填写${SITE_ADDRESS_LABELS[f]}`;
export const msgAddressInvalid = (f: SiteAddressField) =>
  `${SITE_ADDRESS_LABELS[f]}须为 http(s) 地址或本站路径（以 / 开头）`;
/** Referral links are shared outside the site: their base must be a whole address. */
export const MSG_H5_URL_ABSOLUTE = '推广链接域名须为完整的 http(s) 地址，如 https://m.example.com/';

/** The command line's rule (SafeUrl: an http(s) URL or a path of this server), with the field's message. */
function Address(f: SiteAddressField) {
  return z.string({ error: msgAddressMissing(f) }).check(
    z.trim(),
    z.minLength(1, msgAddressMissing(f)),
    z.refine((v) => v === '' || SafeUrl.safeParse(v).success, { message: msgAddressInvalid(f) }),
  );
}

const AddressesShape = {
  service_url: Address('service_url'),
  agent_login_url: Address('agent_login_url'),
  ios_download_url: Address('ios_download_url'),
  ios_download_qrcode: Address('ios_download_qrcode'),
  h5_url: Address('h5_url').check(
    z.refine((v) => v === '' || /^https?:\/\/./i.test(v), { message: MSG_H5_URL_ABSOLUTE }),
  ),
};

/** The first problem of one address as typed (the server's rule), or null: for the form's fields. */
export function addressProblem(f: SiteAddressField, value: string): string | null {
  const r = AddressesShape[f].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? msgAddressInvalid(f));
}

/* Red packets ------------------------------------------------------------------------------------- */

/** At most this many bands, claims per day in one band, and yuan in one packet. */
export const RED_PACKET_BANDS_MAX = 20;
export const RED_PACKET_CLAIMS_MAX = 10;
export const RED_PACKET_AMOUNT_MIN_CENTS = 100;
export const RED_PACKET_AMOUNT_MAX_CENTS = 1_000_000;
/** A band's deposits reach at most 999,999,999.99 (the seed's "no upper limit"). */
export const RED_PACKET_DEPOSIT_MAX_CENTS = 99_999_999_999;

export const MSG_BANDS_EMPTY = '至少保留一个档位（停用红包请关闭红包开关）';
export const MSG_BANDS_TOO_MANY = `档位最多${RED_PACKET_BANDS_MAX}个`;
export const MSG_BAND_MIN_DEPOSIT = '请填写最低存款（大于 0，最多两位小数）';
export const MSG_BAND_MAX_DEPOSIT = '请填写最高存款（大于 0，最多两位小数）';
export const MSG_BAND_CLAIMS = `每日次数须为 1–${RED_PACKET_CLAIMS_MAX} 的整数`;
export const MSG_BAND_AMOUNT = `红包上限须为 1.00–${RED_PACKET_AMOUNT_MAX_CENTS / 100} 元`;
export const MSG_BAND_MIN_ABOVE_MAX = '最低存款不能高于最高存款';
export const MSG_BANDS_OVERLAP = '档位的存款范围不能重叠';
/**
 * A band may never pay out more than the deposits it asks for: its largest possible total (claims ×
 * red-packet maximum) must not exceed its minimum deposit. Otherwise a member deposits the minimum,
 * claims every packet and is ahead on red packets alone, whatever the odds of the games.
 */
export const MSG_BAND_PAYS_TOO_MUCH = '每日次数 × 红包上限不能超过该档最低存款';

const cents = (message: string, min: number, max: number) =>
  z.pipe(
    z.union([z.string().check(z.maxLength(32, message)), z.number()], { error: message }),
    z.transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!/^\d+(\.\d{1,2})?$/.test(text)) return reject(ctx, message);
      const c = toCents(text);
      return c === null || c < min || c > max ? reject(ctx, message) : c;
    }),
  );

/** One band as the operator enters it (yuan as decimal strings); parsed to cents. */
export const RedPacketBandInput = z.object({
  min_deposit: cents(MSG_BAND_MIN_DEPOSIT, 1, RED_PACKET_DEPOSIT_MAX_CENTS),
  max_deposit: cents(MSG_BAND_MAX_DEPOSIT, 1, RED_PACKET_DEPOSIT_MAX_CENTS),
  claims: z
    .number(MSG_BAND_CLAIMS)
    .check(z.int(MSG_BAND_CLAIMS), z.gte(1, MSG_BAND_CLAIMS), z.lte(RED_PACKET_CLAIMS_MAX, MSG_BAND_CLAIMS)),
  max_amount: cents(MSG_BAND_AMOUNT, RED_PACKET_AMOUNT_MIN_CENTS, RED_PACKET_AMOUNT_MAX_CENTS),
});
export type RedPacketBandCents = z.output<typeof RedPacketBandInput>;

/** One band field as typed: its cents, or the message (the server's rule), for the form's cells. */
export function bandFieldProblem(
  field: keyof RedPacketBandCents,
  value: unknown,
): { ok: true; value: number } | { ok: false; message: string } {
  const r = RedPacketBandInput.shape[field].safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? '' };
}

/** The first problem of a list of bands (cents), or null: the rules the server also checks. */
export function bandsProblem(bands: readonly RedPacketBandCents[]): string | null {
  if (bands.length === 0) return MSG_BANDS_EMPTY;
  if (bands.length > RED_PACKET_BANDS_MAX) return MSG_BANDS_TOO_MANY;
  for (const b of bands) {
    if (b.min_deposit > b.max_deposit) return MSG_BAND_MIN_ABOVE_MAX;
    if (b.claims * b.max_amount > b.min_deposit) return MSG_BAND_PAYS_TOO_MUCH;
  }
  const sorted = [...bands].sort((a, b) => a.min_deposit - b.min_deposit);
  // A deposit matching two bands would get whichever comes first: refuse the ambiguity.
  if (sorted.some((b, i) => i > 0 && b.min_deposit <= (sorted[i - 1]?.max_deposit ?? -1))) {
    return MSG_BANDS_OVERLAP;
  }
  return null;
}

const Bands = z.array(RedPacketBandInput).check(
  z.refine((bands) => bandsProblem(bands) === null, {
    error: (issue) => bandsProblem(issue.input as RedPacketBandCents[]) ?? MSG_BANDS_OVERLAP,
  }),
);

/** A band on the wire (yuan, two decimals). */
export const RedPacketBand = z.object({
  min_deposit: z.string(),
  max_deposit: z.string(),
  claims: z.number(),
  max_amount: z.string(),
  /** What the band is worth to a member per 1,000 deposited (promo-value.ts bandValue). */
  value: PromoValueShape,
});
export type RedPacketBand = z.output<typeof RedPacketBand>;

/* Calls ------------------------------------------------------------------------------------------- */

export const SiteSettingsView = z.object({
  maintenance: z.boolean(),
  repair_tips: z.string(),
  service_url: z.string(),
  agent_login_url: z.string(),
  ios_download_url: z.string(),
  ios_download_qrcode: z.string(),
  h5_url: z.string(),
  updated_at: z.string(),
});
export type SiteSettingsView = z.output<typeof SiteSettingsView>;

export const consoleSiteSettings = defineConsoleCall({
  name: 'consoleSiteSettings',
  method: 'GET',
  path: '/site/settings',
  roles: SITE_ROLES,
  request: z.object({}),
  response: SiteSettingsView,
});

/** Maintenance on (the member app shows only the message) or off; the message is kept either way. */
export const consoleSetMaintenance = defineConsoleCall({
  name: 'consoleSetMaintenance',
  method: 'POST',
  path: '/site/maintenance',
  roles: SITE_ROLES,
  request: z.object({
    on: z.boolean('请选择是否维护'),
    repair_tips: z._default(
      z.string().check(z.trim(), z.maxLength(REPAIR_TIPS_MAX, MSG_REPAIR_TIPS_LONG)),
      '',
    ),
  }),
  response: SiteSettingsView,
});

/** An address that leaves this server (http(s)://…): where a change of it can send members. */
export const isExternalAddress = (v: string) => /^https?:\/\//i.test(v);

/**
 * Sets every address at once (the form sends them all). A change that sends members to another site
 * (an address changed to an http(s) one: a support desk that asks for deposits, a download that is
 * not our app, a referral domain) waits in 待复核 for 超级管理员 (its ticket); changes to paths of this
 * server apply at once.
 */
export const consoleSetSiteAddresses = defineConsoleCall({
  name: 'consoleSetSiteAddresses',
  method: 'POST',
  path: '/site/addresses',
  roles: SITE_ROLES,
  request: z.object(AddressesShape),
  response: z.union([SiteSettingsView, ReviewTicket]),
});

export const RedPacketsView = z.object({
  switch_on: z.boolean(),
  /** By minimum deposit (the order members see them in). */
  bands: z.array(RedPacketBand),
  /** Claim window (Beijing), for the screen's explanation. */
  window: z.object({ start: z.string(), end: z.string() }),
});
export type RedPacketsView = z.output<typeof RedPacketsView>;

export const consoleRedPackets = defineConsoleCall({
  name: 'consoleRedPackets',
  method: 'GET',
  path: '/site/red-packets',
  roles: SITE_ROLES,
  request: z.object({}),
  response: RedPacketsView,
});

export const consoleSetRedPacketSwitch = defineConsoleCall({
  name: 'consoleSetRedPacketSwitch',
  method: 'POST',
  path: '/site/red-packets/switch',
  roles: SITE_ROLES,
  request: z.object({ on: z.boolean('请选择开关') }),
  response: RedPacketsView,
});

/** Replaces every band: from the next claim on; claims already made keep their amounts. */
export const consoleSetRedPacketBands = defineConsoleCall({
  name: 'consoleSetRedPacketBands',
  method: 'POST',
  path: '/site/red-packets/bands',
  roles: SITE_ROLES,
  request: z.object({ bands: Bands }),
  response: RedPacketsView,
});

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_SITE_CALLS: readonly ConsoleCallDef[] = [
  consoleSiteSettings,
  consoleSetMaintenance,
  consoleSetSiteAddresses,
  consoleRedPackets,
  consoleSetRedPacketSwitch,
  consoleSetRedPacketBands,
];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const SITE_AUDIT_ACTIONS: Record<string, string> = {
  'site.maintenance': '站点维护开关',
  'site.addresses': '修改站点地址',
  'redPacket.switch': '红包开关',
  'redPacket.bands': '修改红包档位',
};

/** The audit log's Chinese label of each target type this area writes. */
export const SITE_AUDIT_TARGETS: Record<string, string> = {
  site: '站点设置',
  redPacket: '红包',
};
