/* The operators' console, 彩票: lotteries and rooms, odds per play (house edge checked), rounds and their verification. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_LOTTERY_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const LOTTERY_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const LOTTERY_AUDIT_TARGETS: Record<string, string> = {};
