import { describe, expect, it } from 'vitest';
import type { DataOf, ReplyOf } from './define';
import { ChatLine, ChatServerMessage, lotteryOrder, lotteryRoom, roundPhase } from './lottery';
import { Draw, readWaveColor } from './lottery-result';
import { CHAT_SOCKET_PATH, ChatSocketQuery, parseChatClientFrame } from './chat';

const HASH = 'a'.repeat(64);
const SEED = 'B'.repeat(64);

describe('round phase (spec §4)', () => {
  it.each([
    [120, 30, 'open'],
    [31, 30, 'open'],
    [30, 30, 'closed'],
    [1, 30, 'closed'],
    [0, 30, 'drawing'],
    [-1, 30, 'drawing'],
  ] as const)('timeout %i, ftime %i → %s', (timeout, ftime, phase) =>
    expect(roundPhase(timeout, ftime)).toBe(phase),
  );
});

describe('a draw', () => {
  it('type 2: three balls from opencode, total, label and colour from extend', () => {
    const d = Draw.parse({
      expect: 20261122001,
      opencode: '3,5,6',
      opentime2: '10:03',
      extend: { sum: '14', text: '大双', color: '红' },
    });
    expect(d).toMatchObject({
      expect: '20261122001',
      numbers: [3, 5, 6],
      sum: 14,
      text: '大双',
      color: 'red',
    });
    expect(d).toMatchObject({ hash: null, seed: null, openedAt: null, openTimeText: '10:03' });
  });

  it('type 1: six balls and the special ball, per-ball labels, numbers from the balls when no opencode', () => {
    const balls = [1, 12, 23, 34, 45, 46, 49].map((n) => ({
      number: n,
      color: n % 2 ? 'green' : 'blue',
      text: '',
    }));
    const d = Draw.parse({ expect: '2026112', opentime: '2026-11-22 21:30:00', extend: { balls } });
    expect(d.numbers).toEqual([1, 12, 23, 34, 45, 46, 49]);
    expect(d.balls[6]).toEqual({ number: 49, color: 'green', text: '' });
    expect(d.openedAt).toBe(Date.UTC(2026, 10, 22, 13, 30));
  });

  it('other shapes of opencode and extend', () => {
    expect(Draw.parse({ expect: '1', opencode: '01+02+03' }).numbers).toEqual([1, 2, 3]);
    expect(Draw.parse({ expect: '1', opencode: ['7', 8] }).numbers).toEqual([7, 8]);
    expect(Draw.parse({ expect: '1', extend: '大单' }).text).toBe('大单');
    expect(Draw.parse({ expect: '1', extend: ['大', '单'] }).text).toBe('大 单');
    expect(Draw.parse({ expect: '1', extend: [] })).toMatchObject({ text: '', sum: null, balls: [] });
  });

  it('provable fairness: hash and seed are kept when they are 64 hex digits (lower-cased), else null', () => {
    expect(Draw.parse({ expect: '1', hash: HASH, seed: SEED })).toMatchObject({
      hash: HASH,
      seed: SEED.toLowerCase(),
    });
    expect(Draw.parse({ expect: '1', hash: 'not-a-hash', seed: '' })).toMatchObject({
      hash: null,
      seed: null,
    });
  });

  it('a draw needs its round number', () =>
    expect(Draw.safeParse({ opencode: '1,2,3' }).success).toBe(false));

  it('wave colours', () => {
    expect(['red', '红', '红波', 'R'].map(readWaveColor)).toEqual(['red', 'red', 'red', 'red']);
    expect(['绿波', 'blue', 'purple', ''].map(readWaveColor)).toEqual(['green', 'blue', null, null]);
  });
});

describe('the room (GET /api/lotteryRoom)', () => {
  const reply: ReplyOf<typeof lotteryRoom> = {
    id: 1,
    title: '初级房',
    ftime: '30',
    lottery: {
      title: '六合彩',
      type: '1',
      nowdata: {
        expect: '2026111',
        nextexpect: '2026112',
        timeout: '95',
        hash: HASH,
        last: { expect: '2026111', opencode: '1,2,3,4,5,6,7', hash: HASH, seed: SEED },
      },
      openlist: [{ expect: '2026111', opentime2: '21:30', extend: null }],
    },
    chatdata: [{ user_id: 9, author: '玩家', headurl: '/h.png', content: '你好' }],
    playbox: [
      {
        name: '特码',
        desc: '选一个号码',
        special: 1,
        childrens: [{ id: '11', playtitle: '特码', odds: '47' }],
      },
      { name: '两面', desc: '', special: '0', childrens: null },
    ],
  };

  it('normalises to the product words', () => {
    const room: DataOf<typeof lotteryRoom> = lotteryRoom.response.parse(reply);
    expect(room).toMatchObject({
      id: 1,
      roomTitle: '初级房',
      lotteryTitle: '六合彩',
      lotteryType: 1,
      closeSeconds: 30,
      now: { openExpect: '2026112', lastExpect: '2026111', timeout: 95, openHash: HASH },
      history: [{ expect: '2026111', openTimeText: '21:30' }],
      chat: [{ userId: 9, author: '玩家', avatar: '/h.png', content: '你好', system: false, kind: 'chat' }],
    });
    expect(room.now.last).toMatchObject({ numbers: [1, 2, 3, 4, 5, 6, 7], seed: SEED.toLowerCase() });
    expect(room.playGroups).toEqual([
      { name: '特码', desc: '选一个号码', special: 1, plays: [{ id: 11, title: '特码', odds: 47 }] },
      { name: '两面', desc: '', special: 0, plays: [] },
    ]);
  });

  it('refuses an unknown lottery type', () =>
    expect(
      lotteryRoom.response.safeParse({ ...reply, lottery: { ...reply.lottery, type: 3 } }).error?.issues[0]
        ?.message,
    ).toBe('彩种类型无效'));
});

describe('chat socket', () => {
  it(`lives at ${CHAT_SOCKET_PATH} with roomid and _token`, () => {
    expect(CHAT_SOCKET_PATH).toBe('/wss');
    expect(ChatSocketQuery.parse({ roomid: '3', _token: 'tok' })).toEqual({ roomid: 3, _token: 'tok' });
    expect(ChatSocketQuery.safeParse({ roomid: '3' }).error?.issues[0]?.message).toBe('请登录！');
    expect(ChatSocketQuery.safeParse({ roomid: 'x', _token: 'tok' }).error?.issues[0]?.message).toBe(
      '房间不存在',
    );
  });

  it("client frames: 'ping' or {content, order}", () => {
    expect(parseChatClientFrame('ping')).toEqual({ success: true, data: 'ping' });
    expect(parseChatClientFrame(JSON.stringify({ content: ' 大100 单50 ', order: 1 }))).toEqual({
      success: true,
      data: { content: '大100 单50', order: true },
    });
    expect(parseChatClientFrame(JSON.stringify({ content: '你好' }))).toEqual({
      success: true,
      data: { content: '你好', order: false },
    });
  });

  it('refuses bad client frames without throwing', () => {
    expect(parseChatClientFrame('{not json')).toEqual({ success: false, message: '消息格式错误' });
    expect(parseChatClientFrame(JSON.stringify({ content: '   ' }))).toEqual({
      success: false,
      message: '请输入内容',
    });
    expect(parseChatClientFrame(JSON.stringify({ content: '字'.repeat(201) }))).toEqual({
      success: false,
      message: '消息不能超过200个字',
    });
    expect(parseChatClientFrame('x'.repeat(100_000)).success).toBe(false);
    expect(parseChatClientFrame('PING').success).toBe(false);
  });

  it('server message: sysmsg false is a member message, no toast', () =>
    expect(
      ChatServerMessage.parse({ sysmsg: false, id: 5, author: 'a', avatar: '/x.png', content: 'hi' }),
    ).toMatchObject({ userId: 5, avatar: '/x.png', system: false, toast: null, kind: 'chat' }));

  it('server message: sysmsg true toasts the content, a sysmsg text toasts that text', () => {
    expect(
      ChatServerMessage.parse({ sysmsg: true, id: 0, author: '系统', avatar: '', content: '封盘' }),
    ).toMatchObject({
      userId: null,
      system: true,
      toast: '封盘',
    });
    expect(ChatServerMessage.parse({ sysmsg: '余额不足', author: '', avatar: '', content: '' }).toast).toBe(
      '余额不足',
    );
  });

  it("server message: 'open' carries the round's hash, 'draw' the result with the revealed seed", () => {
    const open = ChatServerMessage.parse({
      sysmsg: true,
      type: 'open',
      expect: '2026112',
      hash: HASH,
      content: '开盘',
    });
    expect(open).toMatchObject({ kind: 'open', expect: '2026112', hash: HASH, result: null });
    const draw = ChatServerMessage.parse({
      sysmsg: true,
      type: 'draw',
      content: '开奖',
      result: { expect: '2026112', opencode: '3,5,6', hash: HASH, seed: SEED },
    });
    expect(draw).toMatchObject({
      kind: 'draw',
      expect: '2026112',
      hash: HASH,
      result: { seed: SEED.toLowerCase() },
    });
    expect(ChatServerMessage.parse({ type: 'whatever', content: 'x' }).kind).toBe('chat');
  });

  it('history lines and socket messages read into one shape', () => {
    const fromHistory = ChatLine.parse({ user_id: 5, author: 'a', headurl: '/x.png', content: 'hi' });
    const fromSocket = ChatServerMessage.parse({
      sysmsg: false,
      id: 5,
      author: 'a',
      avatar: '/x.png',
      content: 'hi',
    });
    expect(fromHistory).toEqual(fromSocket);
  });

  it("the order reply's data is the chat message to push (or nothing)", () => {
    expect(lotteryOrder.response.parse(null)).toBeNull();
    expect(lotteryOrder.response.parse([])).toBeNull();
    expect(
      lotteryOrder.response.parse({ sysmsg: false, id: 5, content: '大 10', type: 'order' }),
    ).toMatchObject({
      kind: 'order',
      content: '大 10',
    });
  });
});

describe('an order', () => {
  it('parses amounts to cents, the picked number to an int, and the round to text', () =>
    expect(
      lotteryOrder.request.parse({
        room_id: '1',
        expect: 2026112,
        order: [
          { id: 11, total: '10.5', data: ['7'] },
          { id: 12, total: 20 },
        ],
      }),
    ).toEqual({
      room_id: 1,
      expect: '2026112',
      order: [
        { id: 11, total: 1050, data: [7] },
        { id: 12, total: 2000, data: [] },
      ],
    }));

  it('refuses more than 100 lines', () =>
    expect(
      lotteryOrder.request.safeParse({
        room_id: 1,
        expect: '1',
        order: Array.from({ length: 101 }, () => ({ id: 1, total: 10 })),
      }).error?.issues[0]?.message,
    ).toBe('投注数量过多'));
});
