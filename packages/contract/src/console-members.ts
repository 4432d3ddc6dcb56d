/* Console calls: members: search, the member page and actions. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_MEMBERS_CALLS: readonly ConsoleCallDef[] = [];
