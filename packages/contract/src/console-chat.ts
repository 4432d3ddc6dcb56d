/* The operators' console, 彩票房间聊天: the messages of a room, delete a message, mute a member. */
import type { ConsoleCallDef } from './console-define';

/** Every call of this area, registered by the server and tried with every role by the role matrix. */
export const CONSOLE_CHAT_CALLS: readonly ConsoleCallDef[] = [];

/** The audit log's Chinese label of each action this area writes (merged into AUDIT_ACTION_LABELS). */
export const CHAT_AUDIT_ACTIONS: Record<string, string> = {};

/** The audit log's Chinese label of each target type this area writes. */
export const CHAT_AUDIT_TARGETS: Record<string, string> = {};
