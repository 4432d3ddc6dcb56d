/* The operators' console, 优惠: activities and their bonus rule, rebate rates per VIP level and category, VIP thresholds. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_PROMO_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const PROMO_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const PROMO_AUDIT_TARGETS: Record<string, string> = {};
