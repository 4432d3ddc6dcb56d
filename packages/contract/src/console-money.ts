/* Console calls: deposits and withdrawals review. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this file, for CONSOLE_CALLS. */
export const CONSOLE_MONEY_CALLS: readonly ConsoleCallDef[] = [];
