/* The operators' console, 站点设置: maintenance, the service / agent / download / h5 addresses, the red-packet switch and bands. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_SITE_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const SITE_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const SITE_AUDIT_TARGETS: Record<string, string> = {};
