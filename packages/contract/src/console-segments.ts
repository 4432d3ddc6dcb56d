/* Console calls: saved member segments (分群: a name and the member search's filters, evaluated each
 * time) and bulk site messages to a segment, sent now or at a scheduled Beijing minute (群发消息). */
import * as z from 'zod/mini';
import {
  hasMemberFilters,
  MEMBER_TOOL_ROLES,
  MemberSearchFilterFields,
  memberFiltersCheck,
  type MemberSearchFilters,
} from './console-annotations';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import {
  MEMBER_MESSAGE_CONTENT_MAX,
  MEMBER_MESSAGE_TITLE_MAX,
  MSG_MESSAGE_CONTENT,
  MSG_MESSAGE_TITLE,
} from './console-members';
import { OPS_ID_MAX, WholeNumber } from './ops-fields';
import { MSG_WINDOW_TIME, windowTimeMs } from './time-window';

/** Who sends bulk messages: those who send single site messages. */
export const BULK_MESSAGE_ROLES: readonly OperatorRole[] = ['content', 'support'];

export const SEGMENT_NAME_MAX = 20;
/** How far ahead a message may be scheduled. */
export const SCHEDULE_MAX_DAYS = 30;

export const MSG_SEGMENT_NAME = '请输入分群名称';
export const MSG_SEGMENT_NAME_LONG = `分群名称最多${SEGMENT_NAME_MAX}个字`;
export const MSG_SEGMENT_TAKEN = '分群名称已存在';
export const MSG_SEGMENT_EMPTY = '请至少设置一个筛选条件';
export const MSG_SEGMENT_MISSING = '分群不存在';
export const MSG_SEGMENT_PICK = '请选择分群';
export const MSG_SEND_PAST = '发送时间不能早于当前时间';
export const MSG_SEND_TOO_FAR = `发送时间最多为${SCHEDULE_MAX_DAYS}天内`;
export const MSG_BATCH_MISSING = '群发消息不存在';
export const MSG_BATCH_DONE = '该消息已发送或已取消';

const Id = WholeNumber(1, OPS_ID_MAX);

/** The filters as stored and shown: the search's parsed values (amounts in cents, null: not set). */
export const SegmentFilters = z.record(z.string(), z.nullable(z.union([z.string(), z.number()])));
export type SegmentFilters = z.output<typeof SegmentFilters>;

export const SegmentRow = z.object({
  id: z.number(),
  name: z.string(),
  filters: SegmentFilters,
  /** Members it matches now. */
  members: z.number(),
  created_by: z.string(),
  created_at: z.string(),
});
export type SegmentRow = z.output<typeof SegmentRow>;

export const consoleSegments = defineConsoleCall({
  name: 'consoleSegments',
  method: 'GET',
  path: '/segments',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(SegmentRow) }),
});

/** Saves the member search's filters (the same fields and checks) under a name. */
export const consoleCreateSegment = defineConsoleCall({
  name: 'consoleCreateSegment',
  method: 'POST',
  path: '/segments/create',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({
    name: z
      .string({ error: MSG_SEGMENT_NAME })
      .check(
        z.trim(),
        z.minLength(1, MSG_SEGMENT_NAME),
        z.maxLength(SEGMENT_NAME_MAX, MSG_SEGMENT_NAME_LONG),
      ),
    filters: z.object(MemberSearchFilterFields).check(
      memberFiltersCheck,
      z.refine((f: MemberSearchFilters) => hasMemberFilters(f), { message: MSG_SEGMENT_EMPTY }),
    ),
  }),
  response: SegmentRow,
});

export const consoleDeleteSegment = defineConsoleCall({
  name: 'consoleDeleteSegment',
  method: 'POST',
  path: '/segments/delete',
  roles: MEMBER_TOOL_ROLES,
  request: z.object({ id: Id }),
  response: z.object({ id: z.number() }),
});

/* Bulk messages ----------------------------------------------------------------------------------- */

export const BATCH_STATES = { scheduled: 0, sent: 1, cancelled: 2 } as const;
export const BATCH_STATE_LABELS: Record<number, string> = { 0: '待发送', 1: '已发送', 2: '已取消' };

export const MessageBatchRow = z.object({
  id: z.number(),
  title: z.string(),
  /** The stored HTML (the plain text escaped, line breaks as <br>). */
  content: z.string(),
  segment: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' (Beijing). */
  send_at: z.string(),
  state: z.number(),
  recipients: z.number(),
  created_by: z.string(),
  sent_at: z.nullable(z.string()),
  cancelled_by: z.string(),
});
export type MessageBatchRow = z.output<typeof MessageBatchRow>;

export const consoleMessageBatches = defineConsoleCall({
  name: 'consoleMessageBatches',
  method: 'GET',
  path: '/segments/messages',
  roles: BULK_MESSAGE_ROLES,
  request: z.object(PageQuery),
  response: z.object({ total: z.number(), items: z.array(MessageBatchRow) }),
});

const Text = (max: number, missing: string, what: string) =>
  z
    .string({ error: missing })
    .check(z.trim(), z.minLength(1, missing), z.maxLength(max, `${what}最多${max}个字`));

/** '' / absent: now; else 'YYYY-MM-DD HH:mm' (Beijing), checked against the clock by the server. */
const SendAt = z._default(
  z.string({ error: MSG_WINDOW_TIME }).check(
    z.trim(),
    z.refine((v) => v === '' || windowTimeMs(v) !== null, { message: MSG_WINDOW_TIME }),
  ),
  '',
);

/**
 * A site message to every member the segment matches when it is sent (now, or at `send_at`): one
 * message per member in their 我的消息, plain text as a single site message stores it.
 */
export const consoleScheduleMessage = defineConsoleCall({
  name: 'consoleScheduleMessage',
  method: 'POST',
  path: '/segments/messages/schedule',
  roles: BULK_MESSAGE_ROLES,
  request: z.object({
    segment_id: z.coerce
      .number<number | string>({ error: MSG_SEGMENT_PICK })
      .check(
        z.int(MSG_SEGMENT_PICK),
        z.minimum(1, MSG_SEGMENT_PICK),
        z.maximum(OPS_ID_MAX, MSG_SEGMENT_PICK),
      ),
    title: Text(MEMBER_MESSAGE_TITLE_MAX, MSG_MESSAGE_TITLE, '标题'),
    content: Text(MEMBER_MESSAGE_CONTENT_MAX, MSG_MESSAGE_CONTENT, '内容'),
    send_at: SendAt,
  }),
  response: MessageBatchRow,
});

export const consoleCancelMessageBatch = defineConsoleCall({
  name: 'consoleCancelMessageBatch',
  method: 'POST',
  path: '/segments/messages/cancel',
  roles: BULK_MESSAGE_ROLES,
  request: z.object({ id: Id }),
  response: MessageBatchRow,
});

/* Audit labels ------------------------------------------------------------------------------------ */

export const SEGMENTS_AUDIT_ACTIONS: Record<string, string> = {
  'segment.create': '新建会员分群',
  'segment.delete': '删除会员分群',
  'messageBatch.schedule': '群发站内信',
  'messageBatch.cancel': '取消群发站内信',
};
export const SEGMENTS_AUDIT_TARGETS: Record<string, string> = {
  segment: '会员分群',
  messageBatch: '群发站内信',
};

export const CONSOLE_SEGMENTS_CALLS: readonly ConsoleCallDef[] = [
  consoleSegments,
  consoleCreateSegment,
  consoleDeleteSegment,
  consoleMessageBatches,
  consoleScheduleMessage,
  consoleCancelMessageBatch,
];
