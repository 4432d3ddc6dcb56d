/* The support desk, the member's side (OUR ADDITION, issue 34): the page served at the support
 * address (getservicerurl) talks to 客服 through these calls. The page runs sandboxed in an opaque
 * origin (no cookies, no storage of ours), so it holds a support token of its own: `supportTicket`
 * (a signed-in member, from getservicerurl's one-time ticket) or `supportVisitor` (a nickname) gives
 * it, and every other call sends it as `Authorization: Bearer <token>` (auth 'support'). The token
 * opens the desk only: the member's API refuses it.
 *
 * Text is stored and sent as PLAIN TEXT (control characters and bidi overrides removed): every
 * renderer (the desk page, the console, a site message) escapes it and shows links as text. Times are
 * "Y-m-d H:i:s" (Beijing). */
import * as z from 'zod/mini';
import { defineCall, NoInput } from './define';

export const SUPPORT_TEXT_MAX = 500;
export const SUPPORT_NICKNAME_MAX = 20;
export const SUPPORT_RATING_NOTE_MAX = 200;
/** How long getservicerurl's ticket may wait to be used, and how long a support token lasts. */
export const SUPPORT_TICKET_TTL_SECONDS = 60;
export const SUPPORT_TOKEN_TTL_HOURS = 12;
/** A member's or visitor's messages: at most one a second, and this many a minute. */
export const SUPPORT_MIN_INTERVAL_MS = 1000;
export const SUPPORT_PER_MINUTE = 20;
/** The messages supportState carries (the newest), and a page of older ones. */
export const SUPPORT_STATE_MESSAGES = 50;
export const SUPPORT_HISTORY_PAGE = 10;
/** The address our own desk is served at (the seed's 客服地址); getservicerurl adds a ticket to it. */
export const SUPPORT_DESK_PATH = '/support/';

/** Quick questions the page offers: sending one is an ordinary text message. */
export const SUPPORT_QUICK_QUESTIONS = [
  '存款未到账',
  '取款进度',
  '忘记密码',
  '优惠活动',
  '账号安全',
  '其他问题',
] as const;

export const SUPPORT_STATES = ['waiting', 'open', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
export const SUPPORT_SENDERS = ['member', 'visitor', 'operator', 'system'] as const;
export const SUPPORT_KINDS = ['text', 'image'] as const;
/** How an operator files a closed conversation. */
export const SUPPORT_CLOSE_TAGS = ['充值', '提现', '账号', '活动', '投诉', '其他'] as const;

export const MSG_SUPPORT_TICKET_INVALID = '链接已失效，请返回App重新打开客服';
export const MSG_SUPPORT_SIGNED_OUT = '请重新打开客服';
export const MSG_SUPPORT_EXPIRED = '客服会话已过期，请重新打开客服';
export const MSG_SUPPORT_EMPTY = '请输入内容';
export const MSG_SUPPORT_TOO_LONG = `消息不能超过${SUPPORT_TEXT_MAX}个字`;
export const MSG_SUPPORT_TOO_FAST = '发送太快，请稍后再试';
export const MSG_SUPPORT_TOO_MANY = '发送过于频繁，请稍后再试';
export const MSG_SUPPORT_NICKNAME = '请输入昵称';
export const MSG_SUPPORT_NICKNAME_LONG = `昵称不能超过${SUPPORT_NICKNAME_MAX}个字`;
export const MSG_SUPPORT_VISITOR_KEY = '访客标识无效';
export const MSG_SUPPORT_NO_CONVERSATION = '会话不存在';
export const MSG_SUPPORT_RATING = '请选择1-5星评分';
export const MSG_SUPPORT_RATING_NOTE = `评价内容不能超过${SUPPORT_RATING_NOTE_MAX}个字`;
export const MSG_SUPPORT_NOT_CLOSED = '会话结束后才能评价';
export const MSG_SUPPORT_RATED = '您已评价过该会话';
export const MSG_SUPPORT_IMAGE_MISSING = '请选择图片';

const Id = z.number().check(z.int(), z.minimum(1, MSG_SUPPORT_NO_CONVERSATION), z.maximum(2_147_483_647));
const Time = z.string();

/** A trimmed text of 1 to `max` characters: `missing` when absent or empty, `tooLong` past `max`. */
export const RequiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));

/** A message's text as the request carries it (the server also removes control characters). */
export const SupportText = RequiredText(MSG_SUPPORT_EMPTY, SUPPORT_TEXT_MAX, MSG_SUPPORT_TOO_LONG);

export const SupportMessage = z.object({
  id: z.number(),
  sender: z.enum(SUPPORT_SENDERS),
  kind: z.enum(SUPPORT_KINDS),
  /** Plain text (empty for an image). */
  body: z.string(),
  /** An image's address (fetched with the support token: it is not public), else null. */
  image: z.nullable(z.string()),
  /** The 客服's display name on an operator's message (never its sign-in name). */
  operator: z.nullable(z.string()),
  created_at: Time,
});
export type SupportMessage = z.output<typeof SupportMessage>;

export const SupportConversation = z.object({
  id: z.number(),
  state: z.enum(SUPPORT_STATES),
  /** The display name of the 客服 serving it. */
  operator: z.nullable(z.string()),
  created_at: Time,
  closed_at: z.nullable(Time),
  close_tag: z.nullable(z.string()),
  rating: z.nullable(z.number()),
  /** Written while no 客服 was online: the reply comes later (a member also gets it as a site message). */
  left_offline: z.boolean(),
  /** The 客服 side has read the member's messages up to this id (0: none yet): the 已读 marks. */
  operator_read_id: z.number(),
});
export type SupportConversation = z.output<typeof SupportConversation>;

/** Exchanges getservicerurl's one-time ticket (a signed-in member) for a support token. */
export const supportTicket = defineCall({
  name: 'supportTicket',
  method: 'POST',
  path: '/api/support/ticket',
  auth: 'none',
  request: z.object({
    ticket: z
      .string({ error: MSG_SUPPORT_TICKET_INVALID })
      .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, MSG_SUPPORT_TICKET_INVALID)),
  }),
  response: z.object({ token: z.string() }),
});

/**
 * A visitor's support token. `visitor_key`: a random key the page keeps (so a visitor finds its
 * conversation and replies next visit); without one the server makes one and answers it.
 */
export const supportVisitor = defineCall({
  name: 'supportVisitor',
  method: 'POST',
  path: '/api/support/visitor',
  auth: 'none',
  request: z.object({
    nickname: RequiredText(MSG_SUPPORT_NICKNAME, SUPPORT_NICKNAME_MAX, MSG_SUPPORT_NICKNAME_LONG),
    visitor_key: z.optional(
      z
        .string({ error: MSG_SUPPORT_VISITOR_KEY })
        .check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, MSG_SUPPORT_VISITOR_KEY)),
    ),
  }),
  response: z.object({ token: z.string(), visitor_key: z.string() }),
});

/** Who the page talks for, whether a 客服 is online, and the conversation not yet closed (if any). */
export const supportState = defineCall({
  name: 'supportState',
  method: 'POST',
  path: '/api/support/state',
  auth: 'support',
  request: NoInput,
  response: z.object({
    me: z.object({ kind: z.enum(['member', 'visitor']), name: z.string() }),
    online: z.boolean(),
    conversation: z.nullable(SupportConversation),
    /** Its newest SUPPORT_STATE_MESSAGES messages, oldest first. */
    messages: z.array(SupportMessage),
    /** 客服 and system messages not yet read. */
    unread: z.number(),
  }),
});

/** Older messages of one's own conversation (this one or a past one), before `before_id`, oldest first. */
export const supportMessages = defineCall({
  name: 'supportMessages',
  method: 'POST',
  path: '/api/support/messages',
  auth: 'support',
  request: z.object({ conversation_id: Id, before_id: z.optional(Id) }),
  response: z.object({ messages: z.array(SupportMessage), more: z.boolean() }),
});

/** A text message (a quick question too): into the conversation not closed, or a new one. */
export const supportSend = defineCall({
  name: 'supportSend',
  method: 'POST',
  path: '/api/support/send',
  auth: 'support',
  request: z.object({ text: SupportText }),
  response: z.object({ conversation: SupportConversation, message: SupportMessage }),
});

/** The multipart field of supportImage's file. */
export const SUPPORT_IMAGE_FIELD = 'file';

/** An image (multipart, field SUPPORT_IMAGE_FIELD; the rules of deposit vouchers: checked by its bytes). */
export const supportImage = defineCall({
  name: 'supportImage',
  method: 'POST',
  path: '/api/support/image',
  auth: 'support',
  multipart: true,
  request: z.object({}),
  response: z.object({ conversation: SupportConversation, message: SupportMessage }),
});

/** Marks every message of the current conversation read. */
export const supportRead = defineCall({
  name: 'supportRead',
  method: 'POST',
  path: '/api/support/read',
  auth: 'support',
  request: NoInput,
  response: z.null(),
});

/** One's closed conversations, newest first. */
export const supportHistory = defineCall({
  name: 'supportHistory',
  method: 'POST',
  path: '/api/support/history',
  auth: 'support',
  request: z.object({
    page: z._default(z.number().check(z.int(), z.minimum(1, '页码无效'), z.maximum(100_000, '页码无效')), 1),
  }),
  response: z.object({ items: z.array(SupportConversation), total: z.number() }),
});

/** Rates one's own closed conversation, once. */
export const supportRate = defineCall({
  name: 'supportRate',
  method: 'POST',
  path: '/api/support/rate',
  auth: 'support',
  request: z.object({
    conversation_id: Id,
    rating: z
      .number({ error: MSG_SUPPORT_RATING })
      .check(z.int(MSG_SUPPORT_RATING), z.minimum(1, MSG_SUPPORT_RATING), z.maximum(5, MSG_SUPPORT_RATING)),
    note: z._default(
      z.string().check(z.trim(), z.maxLength(SUPPORT_RATING_NOTE_MAX, MSG_SUPPORT_RATING_NOTE)),
      '',
    ),
  }),
  response: SupportConversation,
});

/* The desk page's socket (real time; server: modules/support-desk, README "Sockets"). The
 * calls above stay the durable path: on (re)connecting the page reads supportState again, and it
 * keeps messages by id (a message can arrive both in a call's reply and on the socket).
 *
 * Authentication is the FIRST FRAME `{"type":"auth","token":"<support token>"}`, not the URL: the
 * page runs in an opaque origin, so a cookie is no option and any URL may be written to a proxy's or
 * load balancer's access log (our own log masks the chat's `_token`, theirs do not), and a support
 * token lives 12 h. Until the auth frame is read nothing else is accepted; no auth frame within
 * SUPPORT_SOCKET_AUTH_MS closes the socket. */
export const SUPPORT_SOCKET_PATH = '/wss/support';
export const SUPPORT_SOCKET_AUTH_MS = 5000;
/** The client's keep-alive: the text 'ping' (answered by the text 'pong', not JSON), as the chat's. */
export const SUPPORT_PING = 'ping';
export const SUPPORT_PONG = 'pong';
export const SUPPORT_PING_INTERVAL_MS = 10_000;
/** Largest text frame a client may send (an auth frame with its token is the biggest). */
export const SUPPORT_SOCKET_MAX_FRAME = 1024;
/** A typing mark is relayed at most once per this interval per sender; the others are dropped. */
export const SUPPORT_TYPING_MIN_INTERVAL_MS = 1000;
/** Sockets one member (or visitor key) may hold on one server process. */
export const SUPPORT_SOCKETS_PER_CALLER = 5;

/**
 * Close codes (RFC 6455 leaves 4000–4999 to applications; the page reads CloseEvent.code / reason):
 * unauthorized (no, bad or expired token, no auth frame in time, or the sign-in it came from ended),
 * blocked, too many sockets. Reconnecting cannot help with these; 1001 (server restarting) can.
 */
export const SUPPORT_SOCKET_CLOSE = { unauthorized: 4401, blocked: 4403, tooMany: 4429 } as const;
export const MSG_SUPPORT_SOCKET_AUTH = '请先打开客服';
export const MSG_SUPPORT_SOCKET_TOO_MANY = '客服连接过多，请关闭其他页面后重试';

const TokenFrame = z.string().check(z.minLength(1), z.maxLength(256));

/** What the page sends (text frames, JSON except 'ping'). */
export const SupportClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: TokenFrame }),
  /** The member or visitor is typing (on) or stopped (off); relayed to the serving 客服. */
  z.object({ type: z.literal('typing'), on: z.boolean() }),
]);
export type SupportClientFrame = z.output<typeof SupportClientFrame>;

/** Why a conversation's state frame was sent. */
export const SUPPORT_STATE_CHANGES = ['waiting', 'assigned', 'transferred', 'closed'] as const;
export type SupportStateChange = (typeof SUPPORT_STATE_CHANGES)[number];

/** What the server pushes to the page. */
export const SupportServerFrame = z.discriminatedUnion('type', [
  /** A message of one's conversation (one's own too, and the system's lines). */
  z.object({ type: z.literal('message'), conversation_id: z.number(), message: SupportMessage }),
  /** Opened (waiting), given to a 客服 (its desk name in `conversation.operator`), transferred, closed. */
  z.object({
    type: z.literal('state'),
    change: z.enum(SUPPORT_STATE_CHANGES),
    conversation: SupportConversation,
  }),
  /** The 客服 side has read up to this message id (read marks). */
  z.object({ type: z.literal('read'), conversation_id: z.number(), operator_read_id: z.number() }),
  /** The 客服 is typing. */
  z.object({ type: z.literal('typing'), conversation_id: z.number(), on: z.boolean() }),
  /** Whether any 客服 is online: first frame after a good auth frame, then on every change. */
  z.object({ type: z.literal('online'), online: z.boolean() }),
]);
export type SupportServerFrame = z.output<typeof SupportServerFrame>;
