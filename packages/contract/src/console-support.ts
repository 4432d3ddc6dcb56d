/* 客服工作台 of the console (OUR ADDITION, issue 34): the queue (waiting, mine, all), a conversation,
 * take, transfer, reply (text, canned reply, image), read marks, close with a tag, one's presence
 * (online for round-robin assignment, the most open conversations at once), canned replies (written
 * by 超级管理员), transcript search, the member beside the chat, and the day's figures per operator.
 * Message text is plain text: the console escapes it and shows links as text. Writes are audited. */
import * as z from 'zod/mini';
import { isCalendarDay } from './calendar-day';
import { defineConsoleCall, PageQuery, type ConsoleCallDef, type OperatorRole } from './console-define';
import { MemberDepositRow, MemberDetail, MemberWithdrawalRow } from './console-members';
import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from './console-uploads';
import { WholeNumber } from './ops-fields';
import {
  SUPPORT_CLOSE_TAGS,
  SUPPORT_KINDS,
  SUPPORT_SENDERS,
  SUPPORT_STATES,
  RequiredText,
  SupportText,
} from './support-desk';
import { IMAGE_UPLOAD_MAX_BYTES } from './uploads';

/**
 * Who works the desk: 客服, and 财务 (a conversation about money is transferred to 财务; 财务 is never
 * assigned one automatically: round robin is among 客服 and 超级管理员 online).
 */
const DESK_ROLES: readonly OperatorRole[] = ['support', 'finance'];
/** Roles given new conversations automatically when online. */
export const SUPPORT_ASSIGNED_ROLES: readonly OperatorRole[] = ['support', 'admin'];
export const SUPPORT_MAX_OPEN_LIMIT = 50;
export const SUPPORT_MAX_OPEN_DEFAULT = 5;
export const SUPPORT_NICKNAME_MAX_OPERATOR = 12;
export const SUPPORT_CANNED_TITLE_MAX = 30;
export const SUPPORT_CANNED_BODY_MAX = 500;
export const SUPPORT_SEARCH_DAYS_MAX = 92;

export const MSG_SUPPORT_TAKEN = '该会话已被其他客服接入';
export const MSG_SUPPORT_NOT_YOURS = '该会话由其他客服接待';
export const MSG_SUPPORT_CLOSED = '会话已结束';
export const MSG_SUPPORT_TRANSFER_SELF = '不能转接给自己';
export const MSG_SUPPORT_TRANSFER_TARGET = '该操作员不能接待会话';
export const MSG_SUPPORT_TAG = '请选择会话分类';
export const MSG_SUPPORT_CANNED_MISSING = '快捷回复不存在';
export const MSG_SUPPORT_CANNED_TITLE = '请输入标题';
export const MSG_SUPPORT_CANNED_BODY = '请输入回复内容';
export const MSG_SUPPORT_REPLY_ONE = '请输入回复内容';
export const MSG_SUPPORT_NICKNAME_OPERATOR = `昵称为1-${SUPPORT_NICKNAME_MAX_OPERATOR}个字`;
export const MSG_SUPPORT_MAX_OPEN = `同时接待数为1-${SUPPORT_MAX_OPEN_LIMIT}`;
export const MSG_SUPPORT_DAY = '日期格式：YYYY-MM-DD';
export const MSG_SUPPORT_RANGE = `最多查询${SUPPORT_SEARCH_DAYS_MAX}天`;
export const MSG_SUPPORT_NOT_MEMBER = '访客没有会员资料';
export const MSG_SUPPORT_PRESENCE = '请选择上线或下线';

const Id = WholeNumber(1, 2_147_483_647);
const Time = z.string();
const Day = z.string({ error: MSG_SUPPORT_DAY }).check(z.trim(), z.refine(isCalendarDay, MSG_SUPPORT_DAY));
/** Base64 of at most IMAGE_UPLOAD_MAX_BYTES bytes. */
const BASE64_MAX = Math.ceil(IMAGE_UPLOAD_MAX_BYTES / 3) * 4;

export const SupportOperatorRef = z.object({ id: z.number(), name: z.string(), nickname: z.string() });

/** A conversation as the queue shows it. */
export const SupportConversationRow = z.object({
  id: z.number(),
  state: z.enum(SUPPORT_STATES),
  /** A member (user_id set) or a visitor (its nickname). */
  kind: z.enum(['member', 'visitor']),
  user_id: z.nullable(z.number()),
  name: z.string(),
  operator: z.nullable(SupportOperatorRef),
  created_at: Time,
  /** Seconds since it was opened, while nobody has taken it (0 once taken). */
  waiting_seconds: z.number(),
  taken_at: z.nullable(Time),
  first_reply_at: z.nullable(Time),
  last_message_at: Time,
  /** The last message, cut to 60 characters ('[图片]' for an image). */
  last_text: z.string(),
  /** Member or visitor messages the operator side has not read. */
  unread: z.number(),
  /** The member or visitor has read the operators' messages up to this id (0: none yet): 已读. */
  member_read_id: z.number(),
  left_offline: z.boolean(),
  closed_at: z.nullable(Time),
  close_tag: z.nullable(z.string()),
  rating: z.nullable(z.number()),
  rating_note: z.string(),
});
export type SupportConversationRow = z.output<typeof SupportConversationRow>;

export const SupportDeskMessage = z.object({
  id: z.number(),
  sender: z.enum(SUPPORT_SENDERS),
  kind: z.enum(SUPPORT_KINDS),
  body: z.string(),
  /** An image's address on the console's listener. */
  image: z.nullable(z.string()),
  /** The operator who wrote it (operator messages). */
  operator: z.nullable(SupportOperatorRef),
  created_at: Time,
});

export const SupportPresence = z.object({
  online: z.boolean(),
  max_open: z.number(),
  nickname: z.string(),
  /** Conversations it serves now. */
  open: z.number(),
});

export const SUPPORT_QUEUE_VIEWS = ['waiting', 'mine', 'all'] as const;

/** The queue: waiting (oldest first), mine (open ones I serve), all (not closed), with one's presence. */
export const consoleSupportQueue = defineConsoleCall({
  name: 'consoleSupportQueue',
  method: 'GET',
  path: '/support/queue',
  roles: DESK_ROLES,
  request: z.object({ view: z._default(z.enum(SUPPORT_QUEUE_VIEWS), 'waiting'), ...PageQuery }),
  response: z.object({
    items: z.array(SupportConversationRow),
    total: z.number(),
    counts: z.object({ waiting: z.number(), mine: z.number(), open: z.number(), unread: z.number() }),
    me: SupportPresence,
  }),
});

/** A conversation and its messages (the newest 50, or those before `before_id`), oldest first. */
export const consoleSupportConversation = defineConsoleCall({
  name: 'consoleSupportConversation',
  method: 'GET',
  path: '/support/conversation',
  roles: DESK_ROLES,
  request: z.object({ id: Id, before_id: z.optional(Id) }),
  response: z.object({
    conversation: SupportConversationRow,
    messages: z.array(SupportDeskMessage),
    more: z.boolean(),
  }),
});

const ConversationChange = z.object({ conversation: SupportConversationRow });
export const consoleSupportTake = defineConsoleCall({
  name: 'consoleSupportTake',
  method: 'POST',
  path: '/support/take',
  roles: DESK_ROLES,
  request: z.object({ id: Id }),
  response: ConversationChange,
});

/** Gives the conversation to a colleague who may work the desk (online or not), who then serves it. */
export const consoleSupportTransfer = defineConsoleCall({
  name: 'consoleSupportTransfer',
  method: 'POST',
  path: '/support/transfer',
  roles: DESK_ROLES,
  request: z.object({ id: Id, operator_id: Id }),
  response: ConversationChange,
});

/** A reply: exactly one of text, a canned reply's id, or an image (base64, checked by its bytes). */
export const consoleSupportReply = defineConsoleCall({
  name: 'consoleSupportReply',
  method: 'POST',
  path: '/support/reply',
  roles: DESK_ROLES,
  request: z
    .object({
      id: Id,
      text: z.optional(SupportText),
      canned_id: z.optional(Id),
      image: z.optional(
        z.string().check(z.minLength(1, MSG_IMAGE_INVALID), z.maxLength(BASE64_MAX, MSG_IMAGE_TOO_LARGE)),
      ),
    })
    .check(
      z.refine(
        (o) => [o.text, o.canned_id, o.image].filter((v) => v !== undefined).length === 1,
        MSG_SUPPORT_REPLY_ONE,
      ),
    ),
  response: z.object({ conversation: SupportConversationRow, message: SupportDeskMessage }),
});

/** Marks the member's messages read (the operator side's read mark). */
export const consoleSupportRead = defineConsoleCall({
  name: 'consoleSupportRead',
  method: 'POST',
  path: '/support/read',
  roles: DESK_ROLES,
  request: z.object({ id: Id }),
  response: ConversationChange,
});

export const consoleSupportClose = defineConsoleCall({
  name: 'consoleSupportClose',
  method: 'POST',
  path: '/support/close',
  roles: DESK_ROLES,
  request: z.object({ id: Id, tag: z.enum(SUPPORT_CLOSE_TAGS, MSG_SUPPORT_TAG) }),
  response: ConversationChange,
});

/** One's presence: online (given new conversations), the most open at once, the name members see. */
export const consoleSupportPresence = defineConsoleCall({
  name: 'consoleSupportPresence',
  method: 'POST',
  path: '/support/presence',
  roles: DESK_ROLES,
  request: z.object({
    online: z.boolean({ error: MSG_SUPPORT_PRESENCE }),
    max_open: z.optional(
      z
        .number({ error: MSG_SUPPORT_MAX_OPEN })
        .check(
          z.int(MSG_SUPPORT_MAX_OPEN),
          z.minimum(1, MSG_SUPPORT_MAX_OPEN),
          z.maximum(SUPPORT_MAX_OPEN_LIMIT, MSG_SUPPORT_MAX_OPEN),
        ),
    ),
    nickname: z.optional(
      RequiredText(
        MSG_SUPPORT_NICKNAME_OPERATOR,
        SUPPORT_NICKNAME_MAX_OPERATOR,
        MSG_SUPPORT_NICKNAME_OPERATOR,
      ),
    ),
  }),
  response: SupportPresence,
});

/** The operators a conversation may be transferred to, with their presence. */
export const consoleSupportOperators = defineConsoleCall({
  name: 'consoleSupportOperators',
  method: 'GET',
  path: '/support/operators',
  roles: DESK_ROLES,
  request: z.object({}),
  response: z.object({
    items: z.array(
      z.object({ ...SupportOperatorRef.shape, role: z.string(), online: z.boolean(), open: z.number() }),
    ),
  }),
});

export const SupportCanned = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  sort: z.number(),
  updated_by: z.string(),
  updated_at: Time,
});

export const consoleSupportCanned = defineConsoleCall({
  name: 'consoleSupportCanned',
  method: 'GET',
  path: '/support/canned',
  roles: DESK_ROLES,
  request: z.object({}),
  response: z.object({ items: z.array(SupportCanned) }),
});

/** Creates (no id) or updates a canned reply: 超级管理员 only (the desk's lead). */
export const consoleSupportCannedSave = defineConsoleCall({
  name: 'consoleSupportCannedSave',
  method: 'POST',
  path: '/support/canned/save',
  roles: [],
  request: z.object({
    id: z.optional(Id),
    title: RequiredText(
      MSG_SUPPORT_CANNED_TITLE,
      SUPPORT_CANNED_TITLE_MAX,
      `标题最多${SUPPORT_CANNED_TITLE_MAX}个字`,
    ),
    body: RequiredText(
      MSG_SUPPORT_CANNED_BODY,
      SUPPORT_CANNED_BODY_MAX,
      `回复内容最多${SUPPORT_CANNED_BODY_MAX}个字`,
    ),
    sort: z._default(WholeNumber(0, 9999), 0),
  }),
  response: SupportCanned,
});

export const consoleSupportCannedDelete = defineConsoleCall({
  name: 'consoleSupportCannedDelete',
  method: 'POST',
  path: '/support/canned/delete',
  roles: [],
  request: z.object({ id: Id }),
  response: z.null(),
});

/** Transcripts: conversations whose messages contain `q`, of a member or visitor name, in a date range. */
export const consoleSupportSearch = defineConsoleCall({
  name: 'consoleSupportSearch',
  method: 'GET',
  path: '/support/search',
  roles: DESK_ROLES,
  request: z
    .object({
      q: z._default(z.string().check(z.trim(), z.maxLength(100, '搜索内容过长')), ''),
      name: z._default(z.string().check(z.trim(), z.maxLength(32, '搜索内容过长')), ''),
      start_date: Day,
      end_date: Day,
      ...PageQuery,
    })
    .check(
      z.refine((o) => o.start_date <= o.end_date, {
        message: '结束日期不能早于开始日期',
        path: ['end_date'],
      }),
    ),
  response: z.object({
    items: z.array(z.object({ ...SupportConversationRow.shape, match: z.string() })),
    total: z.number(),
  }),
});

/**
 * The member beside the chat: the member page (a card or mobile masked unless the role reads them
 * in full, the read audited), the last 5 deposits and withdrawals with their state, open applications.
 */
export const consoleSupportMember = defineConsoleCall({
  name: 'consoleSupportMember',
  method: 'GET',
  path: '/support/member',
  roles: DESK_ROLES,
  request: z.object({ id: Id }),
  response: z.object({
    member: MemberDetail,
    deposits: z.array(MemberDepositRow),
    withdrawals: z.array(MemberWithdrawalRow),
    /** Pending activity and agent applications. */
    applications: z.array(
      z.object({ kind: z.enum(['activity', 'agent']), title: z.string(), created_at: Time }),
    ),
  }),
});

/** One Beijing day per operator: conversations taken, first-response time (seconds), ratings. */
export const consoleSupportFigures = defineConsoleCall({
  name: 'consoleSupportFigures',
  method: 'GET',
  path: '/support/figures',
  roles: DESK_ROLES,
  request: z.object({ day: Day }),
  response: z.object({
    rows: z.array(
      z.object({
        operator: SupportOperatorRef,
        conversations: z.number(),
        closed: z.number(),
        first_response_median: z.nullable(z.number()),
        first_response_avg: z.nullable(z.number()),
        ratings: z.number(),
        rating_avg: z.nullable(z.number()),
      }),
    ),
  }),
});

export const SUPPORT_AUDIT_ACTIONS: Record<string, string> = {
  'support.take': '接入客服会话',
  'support.transfer': '转接客服会话',
  'support.reply': '回复客服会话',
  'support.read': '客服会话已读',
  'support.close': '结束客服会话',
  'support.presence': '客服上下线',
  'support.canned.create': '新建快捷回复',
  'support.canned.update': '修改快捷回复',
  'support.canned.delete': '删除快捷回复',
};
export const SUPPORT_AUDIT_TARGETS: Record<string, string> = {
  supportConversation: '客服会话',
  supportCanned: '快捷回复',
  operator: '操作员',
};

export const CONSOLE_SUPPORT_CALLS: readonly ConsoleCallDef[] = [
  consoleSupportQueue,
  consoleSupportConversation,
  consoleSupportTake,
  consoleSupportTransfer,
  consoleSupportReply,
  consoleSupportRead,
  consoleSupportClose,
  consoleSupportPresence,
  consoleSupportOperators,
  consoleSupportCanned,
  consoleSupportCannedSave,
  consoleSupportCannedDelete,
  consoleSupportSearch,
  consoleSupportMember,
  consoleSupportFigures,
];
