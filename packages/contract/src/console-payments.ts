/* The operators' console, 支付设置（财务）: pay ways, receiving bank cards, USDT addresses, WeChat/Alipay accounts, rates and fees. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_PAYMENTS_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const PAYMENTS_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const PAYMENTS_AUDIT_TARGETS: Record<string, string> = {};
