/* The operators' console, 报表: figures per Beijing day and range that reconcile with the ledger. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_REPORTS_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const REPORTS_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const REPORTS_AUDIT_TARGETS: Record<string, string> = {};
