import {
  type ChatMessage,
  ChatServerMessage,
  MSG_BET_EMPTY,
  msgRoomVip,
  type RoomListItem,
} from '@app/contract/lottery';
import type { Draw, WaveColor } from '@app/contract/lottery-result';
import { BEIJING_OFFSET_MS, formatCents } from '@app/contract/codecs';
import { CHAT_MAX_LENGTH, CHAT_SOCKET_PATH, SOCKET_CLOSE } from '@app/contract/chat';
import type { LotteryType } from '@app/contract/enums';
import { ballLabels, type2Labels } from '@app/contract/lottery-labels';
import { parseBetCommand, type RoundState } from '@app/contract/lottery-rules';

/* The lottery screens' rules as pure functions (spec §2–§5, §9). The lottery's own rules (round state,
 * labels, commands, the summary, provable fairness) are the contract's; these only put them on screen. */

/** Spec §9: the round clock ticks each second. */
export const TICK_MS = 1000;
/** While the round is drawing (timeout < 0): load the room again at most this often until the next round. */
export const RELOAD_RETRY_MS = 2000;
/** Spec §5: a visitor is told 请登录！ and goes home after 1 s. */
export const MSG_LOGIN = '请登录！';
export const VISITOR_HOME_MS = 1000;
/** Chat messages kept on screen: a busy room appends forever, the list shows the newest. */
export const CHAT_RENDER_CAP = 200;
export const MSG_ROOM_INVALID = '房间不存在';
export const MSG_NOT_CONNECTED = '聊天室连接中，请稍后再试';

/* The route's query ------------------------------------------------------------------------------ */

export type LotteryQuery =
  { kind: 'room'; roomId: number } | { kind: 'list'; name: string } | { kind: 'invalid' };

/** /lottery?room_id=… (a room), /lottery?name=… (the rooms of one lottery), /lottery (all rooms). */
export function readLotteryQuery(params: URLSearchParams): LotteryQuery {
  const roomId = params.get('room_id');
  if (roomId !== null) {
    const id = /^\d{1,12}$/.test(roomId.trim()) ? Number(roomId) : 0;
    return id >= 1 ? { kind: 'room', roomId: id } : { kind: 'invalid' };
  }
  return { kind: 'list', name: (params.get('name') ?? '').trim() };
}

/**
 * The list's title: 彩票大厅 for every room, else the lottery's own title. `name` is the hall's internal
 * code (jnd28), never shown.
 */
export function listTitle(
  name: string,
  rooms: readonly Pick<RoomListItem, 'lotteryTitle'>[] | undefined,
): string {
  const titles = new Set((rooms ?? []).map((r) => r.lotteryTitle).filter((t) => t !== ''));
  const [only] = titles;
  return name !== '' && titles.size === 1 && only ? only : '彩票大厅';
}

/* VIP rooms --------------------------------------------------------------------------------------- */

/**
 * Whether the member is below the room's VIP level (then the room is theirs to watch, not to bet or
 * chat in). A member not known yet (or whose level a back end did not send) is not held back: the
 * server checks every order and message itself.
 */
export function belowRoomLevel(roomLevel: number, memberLevel: number | null | undefined): boolean {
  return memberLevel != null && memberLevel > 0 && memberLevel < roomLevel;
}

/** The room's notice to a member below its level: what it takes, and where the member stands. */
export function roomLevelNotice(roomLevel: number, memberLevel: number): string {
  return `${msgRoomVip(roomLevel, 'both')}，您当前为VIP${memberLevel}`;
}

/* The round clock -------------------------------------------------------------------------------- */

/** Whole seconds from `nowMs` to `deadlineMs`, counting down once per second: 0 in the last second. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.ceil((deadlineMs - nowMs) / 1000) || 0; // || 0: no -0
}

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds → 'mm:ss' ('hh:mm:ss' from an hour up); 00:00 once due. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${two(h)}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** What the round bar says in each state of spec §4 (reload: still drawing, until the next round comes). */
export const ROUND_LABELS: Record<RoundState, string> = {
  open: '投注中',
  closed: '封盘中',
  drawing: '开奖中',
  reload: '开奖中',
};

/**
 * When the open round is drawn (epoch ms): `timeout` seconds after the load, or earlier when the room
 * heard that it is over (a 'draw' of it, or the 'open' of the next one). `timeout` is whole seconds
 * rounded up, so the clock alone runs up to a second late; the socket says when it really happens.
 */
export function roundDeadline(loadedAt: number, timeoutSeconds: number, endedAt: number | null): number {
  const byClock = loadedAt + timeoutSeconds * 1000;
  return endedAt === null ? byClock : Math.min(byClock, endedAt);
}

/**
 * What a round message means for the room showing `openExpect`: 'end' — that round is over now (its
 * draw, or the next round's opening): show 开奖中 and reload a second later, as the clock would;
 * 'reload' — news of another round (a late draw's result): load the room now; null — nothing.
 */
export function roundNews(
  kind: ChatMessage['kind'],
  expect: string | null,
  openExpect: string,
): 'end' | 'reload' | null {
  if (kind !== 'draw' && kind !== 'open') return null;
  if (kind === 'draw' && expect === openExpect) return 'end';
  if (kind === 'open' && expect !== null && isLaterRound(expect, openExpect)) return 'end';
  return 'reload';
}

/** Round numbers are digits (`20261122001`): a longer one, or the same length and larger, is later. */
export function isLaterRound(a: string, b: string): boolean {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return a !== b;
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** Whether the room should be loaded again now: drawing is over (timeout < 0), and not just loaded. */
export function shouldReload(state: RoundState, lastLoadMs: number, nowMs: number): boolean {
  return state === 'reload' && nowMs - lastLoadMs >= RELOAD_RETRY_MS;
}

/* The socket -------------------------------------------------------------------------------------- */

/** `ws(s)://<origin>/wss?roomid=…&_token=…`: the API's origin (`VITE_API_BASE`, or the page's). */
export function chatSocketUrl(origin: string, roomId: number, token: string): string {
  const query = new URLSearchParams({ roomid: String(roomId), _token: token });
  return `${origin.replace(/^http/i, 'ws').replace(/\/+$/, '')}${CHAT_SOCKET_PATH}?${query.toString()}`;
}

/** Close codes of a refused socket (the contract's SOCKET_CLOSE): trying again cannot help, so the client stops. */
export const REFUSAL_CLOSE_CODES: readonly number[] = Object.values(SOCKET_CLOSE);
export const isRefusal = (code: number): boolean => REFUSAL_CLOSE_CODES.includes(code);
export const MSG_SOCKET_CLOSED = '聊天室连接已断开';

/** Reconnect delay after the n-th failed attempt (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 30_000);
}

/**
 * One frame from the socket: a chat message, or null for anything else ('pong', text that is not JSON,
 * JSON that is not a message). Never throws.
 */
export function readServerFrame(raw: unknown): ChatMessage | null {
  if (typeof raw !== 'string' || !raw.startsWith('{')) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = ChatServerMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/* The chat list ----------------------------------------------------------------------------------- */

/** A message on screen: `seq` is its stable key (messages carry no id of their own). */
export type ChatEntry = ChatMessage & { seq: number };

/** Round notices (open, draw) the chat keeps: the newest few; the results list has every draw. */
export const NOTICE_KEEP = 4;
const isNotice = (m: ChatMessage) => m.kind === 'open' || m.kind === 'draw';

/**
 * Appends messages and keeps the newest `cap`, of which at most NOTICE_KEEP round notices, so a quiet
 * room's chat stays what members wrote; returns the same list when there is nothing to add.
 */
export function appendChat(
  list: readonly ChatEntry[],
  added: readonly ChatEntry[],
  cap = CHAT_RENDER_CAP,
): readonly ChatEntry[] {
  if (added.length === 0) return list;
  let next = [...list, ...added];
  const notices = next.filter(isNotice).length;
  if (notices > NOTICE_KEEP) {
    let drop = notices - NOTICE_KEEP;
    next = next.filter((m) => !(isNotice(m) && drop-- > 0));
  }
  return next.length > cap ? next.slice(-cap) : next;
}

/** Where a message sits: the system's in the middle, the member's own on the right, others' on the left. */
export function chatSide(message: ChatMessage, myId: number | null): 'system' | 'mine' | 'other' {
  if (message.system || message.userId === null) return 'system';
  return myId !== null && message.userId === myId ? 'mine' : 'other';
}

/** The 设置 switches the room obeys (session store UiSwitches). */
export interface RoomSwitches {
  winPrompt: boolean;
  quietMode: boolean;
}

/**
 * What a socket message does beyond the round: a win (to this member) is prompted (中奖提示) and
 * chimes, and is not a chat line; someone else's line ticks; 静音模式 silences both.
 */
export function messageEffects(
  message: ChatMessage,
  myId: number | null,
  switches: RoomSwitches,
): { append: boolean; prompt: string | null; sound: 'win' | 'chat' | null } {
  if (message.kind === 'win') {
    const mine = myId !== null && message.userId === myId && message.payoutCents > 0;
    return {
      append: false,
      prompt: mine && switches.winPrompt ? winPromptText(message.expect, message.payoutCents) : null,
      sound: mine && !switches.quietMode ? 'win' : null,
    };
  }
  const fromOther = !message.system && message.userId !== null && message.userId !== myId;
  return { append: true, prompt: null, sound: fromOther && !switches.quietMode ? 'chat' : null };
}

/** 恭喜中奖 ¥19.60（第20261122001期） */
export function winPromptText(expect: string | null, payoutCents: number): string {
  return `恭喜中奖 ¥${formatCents(payoutCents)}${expect ? `（第${expect}期）` : ''}`;
}

/**
 * A message's time as the chat shows it (消息时间显示), Beijing time: HH:mm today, MM-DD HH:mm on
 * another day; '' when the message has none.
 */
export function messageTimeText(time: number | null, nowMs = Date.now()): string {
  if (time === null) return '';
  const d = new Date(time + BEIJING_OFFSET_MS);
  const today = new Date(nowMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
  const hm = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return d.toISOString().slice(0, 10) === today
    ? hm
    : `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${hm}`;
}

/** Close enough to the bottom to keep following new messages (px). */
export const STICK_THRESHOLD_PX = 48;
export function isNearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD_PX;
}

/* The chat input of type 2 rooms ----------------------------------------------------------------- */

/**
 * The input has two modes, switched by a visible toggle: 下注 (the text is a bet command, `大100 单50`,
 * sent with order true; a text that is not a command is refused with the contract's message, so no
 * chat line ever becomes a bet by accident) and 聊天 (plain text, order false, never a bet).
 */
export type InputMode = 'bet' | 'chat';

export type ChatFrame = { content: string; order: boolean };

export function chatFrame(
  text: string,
  mode: InputMode,
): { ok: true; frame: ChatFrame } | { ok: false; message: string } {
  const content = text.trim();
  if (content === '') return { ok: false, message: mode === 'bet' ? MSG_BET_EMPTY : '请输入内容' };
  if (content.length > CHAT_MAX_LENGTH) return { ok: false, message: '消息不能超过200个字' };
  if (mode === 'chat') return { ok: true, frame: { content, order: false } };
  const parsed = parseBetCommand(content);
  return parsed.ok ? { ok: true, frame: { content, order: true } } : { ok: false, message: parsed.message };
}

/* Results ----------------------------------------------------------------------------------------- */

export interface BallView {
  number: number;
  color: WaveColor | null;
  /** 大小单双 of a type 1 ball ('大单', '和'); '' for type 2 balls. */
  label: string;
}

export interface DrawView {
  balls: BallView[];
  /** Type 1: the seventh ball (特码). */
  special: BallView | null;
  /** Type 2: the total, its label (大单…) and colour. */
  sum: number | null;
  text: string;
  color: WaveColor | null;
}

/** A drawn round as the screen shows it: the back end's labels first, the contract's where missing. */
export function drawView(type: LotteryType, draw: Draw): DrawView {
  if (type === 1) {
    const balls = draw.numbers.map((n, i): BallView => {
      const sent = draw.balls[i];
      const own = ballLabels(n);
      const label = sent?.text || (own.size === '和' ? '和' : own.size + own.parity);
      return { number: n, color: sent?.color ?? own.color, label };
    });
    return {
      balls: balls.slice(0, 6),
      special: balls[6] ?? null,
      sum: null,
      text: draw.text,
      color: null,
    };
  }
  const balls = draw.numbers.map((n): BallView => ({ number: n, color: null, label: '' }));
  const sum = draw.sum ?? (draw.numbers.length > 0 ? draw.numbers.reduce((s, n) => s + n, 0) : null);
  const own = sum === null ? null : type2Labels(sum);
  return {
    balls,
    special: null,
    sum,
    text: draw.text || own?.combo || '',
    color: draw.color ?? own?.color ?? null,
  };
}
