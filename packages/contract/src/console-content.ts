/* The operators' console, 内容（运营）: banners, notices, help articles, the welcome modal, sponsors, site messages. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_CONTENT_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const CONTENT_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const CONTENT_AUDIT_TARGETS: Record<string, string> = {};
