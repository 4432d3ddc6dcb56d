import type { ReplyOf } from '@app/contract/define';
import { lotteryRoom, lotteryRooms, lotteryRoomsByName } from '@app/contract/lottery';
import type { LotteryType } from '@app/contract/enums';
import { deriveBalls, seedHash } from '@app/contract/lottery-draw';
import { drawExtend } from '@app/contract/lottery-labels';
import { playboxFor } from '@app/contract/lottery-rules';
import { reply } from '@app/mobile/test/msw-contract';

/* Lottery answers of the default server: two rooms; room 1 (type 2, 快三) and room 2 (type 1, 六合彩),
 * each with a verifiable last draw. */

export const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export const ROOMS: ReplyOf<typeof lotteryRooms> = [
  { id: 1, title: '新手房', lottery: { title: '加拿大28' } },
  { id: 2, title: '高手房', lottery: { title: '六合彩' } },
];

/** A drawn round of `type` from SEED: balls derived as the server does, labels as it sends them. */
export function drawnRound(type: LotteryType, expect: string, seed = SEED) {
  const balls = deriveBalls(type, seed, expect);
  return {
    expect,
    opencode: balls.join(','),
    opentime2: '2026-11-22 10:00:00',
    extend: drawExtend(type, balls),
    hash: seedHash(seed),
    seed,
  };
}

export function roomReply(
  type: LotteryType,
  opts: { timeout?: number; ftime?: number; next?: string; last?: string } = {},
): ReplyOf<typeof lotteryRoom> {
  const { timeout = 100, ftime = 30, next = '20261122002', last = '20261122001' } = opts;
  return {
    id: type === 2 ? 1 : 2,
    title: type === 2 ? '新手房' : '高手房',
    ftime,
    lottery: {
      title: type === 2 ? '加拿大28' : '六合彩',
      type,
      nowdata: {
        expect: last,
        nextexpect: next,
        timeout,
        last: drawnRound(type, last),
        hash: `${'c0ffee'.repeat(10)}cafe`, // the open round's: not the one the chat tests send
      },
      openlist: [drawnRound(type, last), drawnRound(type, '20261122000')],
    },
    chatdata: [
      { user_id: 9, author: '玩家九', headurl: '', content: '大家好' },
      { user_id: 7, author: 'demo001', headurl: '', content: '我来了' },
    ],
    playbox: playboxFor(type),
  };
}

export const lotteryHandlers = [
  reply(lotteryRooms, ROOMS),
  reply(lotteryRoomsByName, ROOMS.slice(0, 1)),
  reply(lotteryRoom, roomReply(2)),
];
