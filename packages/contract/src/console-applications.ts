/* Console calls: activity and agent applications review. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_APPLICATIONS_CALLS: readonly ConsoleCallDef[] = [];
