import { ChatServerMessage, MSG_BET_EMPTY, MSG_BET_LINE_MIN, type ChatMessage } from '@app/contract/lottery';
import { Draw } from '@app/contract/lottery-result';
import { MSG_BET_COMMAND } from '@app/contract/lottery-rules';
import { describe, expect, it } from 'vitest';
import { drawnRound, SEED } from '@test/msw/lottery';
import { createChatLog } from './chat-log';
import {
  appendChat,
  backoffMs,
  belowRoomLevel,
  chatFrame,
  chatSide,
  chatSocketUrl,
  countdownText,
  drawView,
  isNearBottom,
  readLotteryQuery,
  readServerFrame,
  roundDeadline,
  roundNews,
  isLaterRound,
  secondsLeft,
  shouldReload,
  type ChatEntry,
  listTitle,
  messageEffects,
  NOTICE_KEEP,
  messageTimeText,
  roomLevelNotice,
} from './rules';
import { verifyReport } from './verify';

const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  ...ChatServerMessage.parse({ sysmsg: false, id: 5, author: 'a', avatar: '', content: 'hi' }),
  ...over,
});

describe('the route query', () => {
  it.each([
    ['room_id=3', { kind: 'room', roomId: 3 }],
    ['room_id=3&name=x', { kind: 'room', roomId: 3 }],
    ['room_id=0', { kind: 'invalid' }],
    ['room_id=abc', { kind: 'invalid' }],
    ['room_id=', { kind: 'invalid' }],
    ['name=%E5%85%AD%E5%90%88%E5%BD%A9', { kind: 'list', name: '六合彩' }],
    ['', { kind: 'list', name: '' }],
  ])('?%s', (search, expected) => expect(readLotteryQuery(new URLSearchParams(search))).toEqual(expected));
});

describe('the round clock', () => {
  it.each([
    [10_000, 0, 10],
    [10_000, 9_001, 1],
    [10_000, 9_999, 1],
    [10_000, 10_000, 0],
    [10_000, 10_500, 0],
    [10_000, 11_000, -1],
    [10_000, 12_500, -2],
  ])('deadline %i at %i: %i s left', (deadline, now, left) => expect(secondsLeft(deadline, now)).toBe(left));

  it.each([
    [0, '00:00'],
    [-5, '00:00'],
    [9, '00:09'],
    [65, '01:05'],
    [210, '03:30'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [90061, '25:01:01'],
  ])('%i s reads %s', (s, text) => expect(countdownText(s)).toBe(text));

  it('ends the round when the socket says so, if that is earlier than the clock', () => {
    expect(roundDeadline(1000, 10, null)).toBe(11_000);
    expect(roundDeadline(1000, 10, 10_400)).toBe(10_400);
    expect(roundDeadline(1000, 10, 12_000)).toBe(11_000);
  });

  it.each([
    ['draw', '20261122002', '20261122002', 'end'],
    ['open', '20261122003', '20261122002', 'end'],
    ['open', '20261122002', '20261122002', 'reload'],
    ['draw', '20261122001', '20261122002', 'reload'],
    ['draw', null, '20261122002', 'reload'],
    ['chat', null, '20261122002', null],
    ['order', '20261122002', '20261122002', null],
  ] as const)('a %s message of round %s while %s is open: %s', (kind, round, open, news) =>
    expect(roundNews(kind, round, open)).toBe(news),
  );

  it('orders round numbers', () => {
    expect(isLaterRound('20261122003', '20261122002')).toBe(true);
    expect(isLaterRound('20261123001', '20261122411')).toBe(true);
    expect(isLaterRound('1000', '999')).toBe(true);
    expect(isLaterRound('20261122001', '20261122002')).toBe(false);
    expect(isLaterRound('B', 'A')).toBe(true);
  });

  it('reloads only when the round is over, and not right after a load', () => {
    expect(shouldReload('reload', 0, 2000)).toBe(true);
    expect(shouldReload('reload', 1000, 2000)).toBe(false);
    expect(shouldReload('drawing', 0, 10_000)).toBe(false);
    expect(shouldReload('open', 0, 10_000)).toBe(false);
  });
});

describe('the socket', () => {
  it('lives at the API origin, ws for http and wss for https', () => {
    expect(chatSocketUrl('http://127.0.0.1:8080', 3, 'a b')).toBe(
      'ws://127.0.0.1:8080/wss?roomid=3&_token=a+b',
    );
    expect(chatSocketUrl('https://api.example.com/', 1, 't')).toBe(
      'wss://api.example.com/wss?roomid=1&_token=t',
    );
  });

  it('waits longer after each failed attempt, at most 30 s', () =>
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]));

  it('reads message frames and ignores pong, text and foreign JSON', () => {
    expect(
      readServerFrame(JSON.stringify({ sysmsg: false, id: 5, author: 'a', content: 'hi' })),
    ).toMatchObject({
      userId: 5,
      content: 'hi',
      kind: 'chat',
    });
    expect(readServerFrame('pong')).toBeNull();
    expect(readServerFrame('{oops')).toBeNull();
    expect(readServerFrame('[1,2]')).toBeNull();
    expect(readServerFrame(JSON.stringify({ sysmsg: { x: 1 } }))).toBeNull();
    expect(readServerFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('the chat list', () => {
  const entries = (from: number, to: number): ChatEntry[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      ...message({ content: `m${from + i}` }),
      seq: from + i,
    }));

  it('appends and keeps the newest ones', () => {
    const list = appendChat(entries(1, 3), entries(4, 5), 4);
    expect(list.map((e) => e.seq)).toEqual([2, 3, 4, 5]);
    const same = entries(1, 2);
    expect(appendChat(same, [], 4)).toBe(same);
  });

  it('a log of a busy room holds 200 messages and keeps the entries it had', () => {
    const log = createChatLog();
    let notified = 0;
    log.subscribe(() => notified++);
    for (let i = 0; i < 250; i++) log.append([message({ content: `m${i}` })]);
    const now = log.entries();
    expect(now).toHaveLength(200);
    expect(now[0]?.content).toBe('m50');
    expect(now[199]?.seq).toBe(250);
    log.append([message({ content: 'next' })]);
    expect(log.entries()[198]).toBe(now[199]); // the same object: its row does not render again
    expect(notified).toBe(251);
  });

  it('puts system messages in the middle, own on the right', () => {
    expect(chatSide(message({ system: true }), 5)).toBe('system');
    expect(chatSide(message({ userId: null }), 5)).toBe('system');
    expect(chatSide(message({ userId: 5 }), 5)).toBe('mine');
    expect(chatSide(message({ userId: 6 }), 5)).toBe('other');
    expect(chatSide(message({ userId: 5 }), null)).toBe('other');
  });

  it('follows new messages near the bottom only', () => {
    expect(isNearBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 480 })).toBe(true);
    expect(isNearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 480 })).toBe(false);
  });
});

describe('the chat input (下注 / 聊天)', () => {
  it('sends a bet command with order true, and refuses text that is not one', () => {
    expect(chatFrame(' 大10 单20 ', 'bet')).toEqual({
      ok: true,
      frame: { content: '大10 单20', order: true },
    });
    expect(chatFrame('你好', 'bet')).toEqual({ ok: false, message: `${MSG_BET_COMMAND}你好` });
    expect(chatFrame('大0', 'bet')).toEqual({ ok: false, message: MSG_BET_LINE_MIN });
    expect(chatFrame('  ', 'bet')).toEqual({ ok: false, message: MSG_BET_EMPTY });
  });

  it('sends chat with order false, even when it reads like a command', () => {
    expect(chatFrame('大10', 'chat')).toEqual({ ok: true, frame: { content: '大10', order: false } });
    expect(chatFrame('', 'chat')).toEqual({ ok: false, message: '请输入内容' });
    expect(chatFrame('字'.repeat(201), 'chat')).toEqual({ ok: false, message: '消息不能超过200个字' });
  });
});

describe('results', () => {
  it('type 1: six balls, then the special ball with colour and 大小单双', () => {
    const draw = Draw.parse(drawnRound(1, '20261122001'));
    const view = drawView(1, draw);
    expect(view.balls.map((b) => b.number)).toEqual([36, 12, 35, 45, 38, 21]);
    expect(view.special).toEqual({ number: 29, color: 'red', label: '大单' });
    // Without the back end's labels, the contract's.
    const bare = drawView(1, Draw.parse({ expect: '1', opencode: '1,2,3,4,5,6,49' }));
    expect(bare.special).toEqual({ number: 49, color: 'green', label: '和' });
    expect(bare.balls[0]).toEqual({ number: 1, color: 'red', label: '小单' });
  });

  it('type 2: three balls, the total, its label and colour', () => {
    const view = drawView(2, Draw.parse(drawnRound(2, '20261122001')));
    expect(view).toMatchObject({ sum: 16, text: '大双', color: 'green' });
    expect(view.balls.map((b) => b.number)).toEqual([4, 7, 5]);
    expect(drawView(2, Draw.parse({ expect: '1', opencode: '9,9,9' }))).toMatchObject({
      sum: 27,
      text: '大单',
      color: null,
    });
  });

  it('verifies a draw in the browser: hash, then balls', () => {
    const good = verifyReport(2, Draw.parse(drawnRound(2, '20261122001')));
    expect(good).toMatchObject({
      available: true,
      hashMatches: true,
      ballsMatch: true,
      ok: true,
      derived: [4, 7, 5],
    });
    const forged = verifyReport(2, Draw.parse({ ...drawnRound(2, '20261122001'), opencode: '9,9,9' }));
    expect(forged).toMatchObject({ hashMatches: true, ballsMatch: false, ok: false });
    const otherSeed = verifyReport(
      2,
      Draw.parse({ ...drawnRound(2, '20261122001'), seed: SEED.replace(/^00/, '01') }),
    );
    expect(otherSeed).toMatchObject({ hashMatches: false, ok: false });
    expect(verifyReport(2, Draw.parse({ expect: '1', opencode: '1,2,3' }))).toEqual({ available: false });
  });
});

describe('what a message does (设置 switches)', () => {
  const on = { winPrompt: true, quietMode: false };
  const win = (id: number, payout = '19.60') =>
    ChatServerMessage.parse({ sysmsg: false, id, type: 'win', content: 'x', expect: '20261122002', payout });

  it('prompts and chimes the member’s own win, never lists it; others’ wins do nothing', () => {
    expect(messageEffects(win(5), 5, on)).toEqual({
      append: false,
      prompt: '恭喜中奖 ¥19.60（第20261122002期）',
      sound: 'win',
    });
    expect(messageEffects(win(6), 5, on)).toEqual({ append: false, prompt: null, sound: null });
    expect(messageEffects(win(5), 5, { winPrompt: false, quietMode: true })).toEqual({
      append: false,
      prompt: null,
      sound: null,
    });
  });

  it('ticks for someone else’s line, not for mine nor for notices; 静音模式 silences it', () => {
    expect(messageEffects(message({ userId: 6 }), 5, on)).toMatchObject({ append: true, sound: 'chat' });
    expect(messageEffects(message({ userId: 5 }), 5, on).sound).toBeNull();
    const notice = ChatServerMessage.parse({ sysmsg: true, id: 0, type: 'open', content: '第1期开始投注' });
    expect(notice).toMatchObject({ system: true, toast: null });
    expect(messageEffects(notice, 5, on)).toEqual({ append: true, prompt: null, sound: null });
    expect(messageEffects(message({ userId: 6 }), 5, { ...on, quietMode: true }).sound).toBeNull();
  });

  it('shows a message’s Beijing time, with the date when not today', () => {
    const at = Date.UTC(2026, 10, 22, 4, 34, 56); // 12:34:56 Beijing
    expect(messageTimeText(at, at + 3600_000)).toBe('12:34');
    expect(messageTimeText(at, at + 86_400_000)).toBe('11-22 12:34');
    expect(messageTimeText(null)).toBe('');
  });
});

describe('round notices in the chat', () => {
  it('keeps only the newest few, and every member line', () => {
    let seq = 0;
    const notice = (n: number): ChatEntry => ({
      ...ChatServerMessage.parse({ sysmsg: false, id: 0, type: n % 2 ? 'open' : 'draw', content: `n${n}` }),
      seq: ++seq,
    });
    let list: readonly ChatEntry[] = [{ ...message({ content: '我先说' }), seq: ++seq }];
    for (let n = 0; n < 10; n++) list = appendChat(list, [notice(n)]);
    expect(list.map((m) => m.content)).toEqual(['我先说', 'n6', 'n7', 'n8', 'n9']);
    expect(NOTICE_KEEP).toBe(4);
  });
});

describe('the room list title', () => {
  const rooms = (...titles: string[]) => titles.map((t, i) => ({ id: i + 1, title: '房', lotteryTitle: t }));
  it('names one lottery by its Chinese title, never by the code it was asked with', () => {
    expect(listTitle('jnd28', rooms('加拿大28', '加拿大28'))).toBe('加拿大28');
    expect(listTitle('jnd28', undefined)).toBe('彩票大厅');
    expect(listTitle('', rooms('加拿大28', '幸运28'))).toBe('彩票大厅');
    expect(listTitle('', rooms('加拿大28'))).toBe('彩票大厅');
  });
});

describe('VIP rooms', () => {
  it('hold back a member below the room’s level only, and only once the member’s level is known', () => {
    expect(belowRoomLevel(3, 1)).toBe(true);
    expect(belowRoomLevel(3, 2)).toBe(true);
    expect(belowRoomLevel(3, 3)).toBe(false);
    expect(belowRoomLevel(3, 9)).toBe(false);
    expect(belowRoomLevel(1, 1)).toBe(false);
    // Not known yet, or a level the back end did not send (0): the server decides.
    expect(belowRoomLevel(3, null)).toBe(false);
    expect(belowRoomLevel(3, undefined)).toBe(false);
    expect(belowRoomLevel(3, 0)).toBe(false);
  });

  it('tell the member what the room takes and where they stand', () => {
    expect(roomLevelNotice(3, 1)).toBe('该房间仅限VIP3及以上会员投注和发言，您当前为VIP1');
  });
});
