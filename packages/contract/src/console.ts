import type { ConsoleCallDef } from './console-define';
import {
  consoleChangePassword,
  consoleEnrollTotp,
  consoleLogin,
  consoleLogout,
  consoleSession,
  consoleSetPassword,
  consoleVerifyTotp,
} from './console-auth';
import { CONSOLE_MONEY_CALLS } from './console-money';
import { CONSOLE_QUEUE_CALLS } from './console-queue';
import { CONSOLE_APPLICATIONS_CALLS } from './console-applications';
import { CONSOLE_MEMBERS_CALLS } from './console-members';
import { CONSOLE_ADMIN_CALLS } from './console-admin';
import { CONSOLE_CONTENT_CALLS } from './console-content';
import { CONSOLE_PAYMENTS_CALLS } from './console-payments';
import { CONSOLE_SITE_CALLS } from './console-site';
import { CONSOLE_PROMO_CALLS } from './console-promo';
import { CONSOLE_LOTTERY_CALLS } from './console-lottery';
import { CONSOLE_CHAT_CALLS } from './console-chat';
import { CONSOLE_REPORTS_CALLS } from './console-reports';
import { CONSOLE_RISK_CALLS } from './console-risk';
import { CONSOLE_EXPOSURE_CALLS } from './console-exposure';
import { CONSOLE_APPROVALS_CALLS } from './console-approvals';
import { CONSOLE_ANNOTATIONS_CALLS } from './console-annotations';
import { CONSOLE_BLACKLIST_CALLS } from './console-blacklist';
import { CONSOLE_SEGMENTS_CALLS } from './console-segments';
import { CONSOLE_PROTECTION_CALLS } from './console-protection';
import { CONSOLE_AGENTS_CALLS } from './console-agents';
import { CONSOLE_SUPPORT_CALLS } from './console-support';
import { consoleUploadImage } from './console-uploads';

/**
 * Every call of the operators' web console (auth 'console', under CONSOLE_API_PREFIX on the console's
 * own listener). The server registers each with its roles; a test makes every call with every role.
 */
export const CONSOLE_CALLS: readonly ConsoleCallDef[] = [
  consoleLogin,
  consoleSetPassword,
  consoleEnrollTotp,
  consoleVerifyTotp,
  consoleSession,
  consoleLogout,
  consoleChangePassword,
  ...CONSOLE_MONEY_CALLS,
  ...CONSOLE_QUEUE_CALLS,
  ...CONSOLE_APPLICATIONS_CALLS,
  ...CONSOLE_MEMBERS_CALLS,
  ...CONSOLE_ANNOTATIONS_CALLS,
  ...CONSOLE_BLACKLIST_CALLS,
  ...CONSOLE_SEGMENTS_CALLS,
  ...CONSOLE_PROTECTION_CALLS,
  ...CONSOLE_APPROVALS_CALLS,
  ...CONSOLE_ADMIN_CALLS,
  consoleUploadImage,
  ...CONSOLE_CONTENT_CALLS,
  ...CONSOLE_PAYMENTS_CALLS,
  ...CONSOLE_SITE_CALLS,
  ...CONSOLE_PROMO_CALLS,
  ...CONSOLE_LOTTERY_CALLS,
  ...CONSOLE_CHAT_CALLS,
  ...CONSOLE_REPORTS_CALLS,
  ...CONSOLE_RISK_CALLS,
  ...CONSOLE_EXPOSURE_CALLS,
  ...CONSOLE_AGENTS_CALLS,
  ...CONSOLE_SUPPORT_CALLS,
];
