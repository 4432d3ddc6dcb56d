/* Console calls: dashboard, audit log and operators. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_ADMIN_CALLS: readonly ConsoleCallDef[] = [];
