import { asc } from 'drizzle-orm';
import { lotteryRooms } from '../../src/db/schema/lottery';
import { saveRoomMessage } from '../../src/http/realtime/room-messages';
import { muteMember } from '../../src/modules/chat/moderation';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

/** A seeded room (the test database is seeded with the lotteries and their rooms). */
async function firstRoom(t: TestApp): Promise<number> {
  const [room] = await t.db.select({ id: lotteryRooms.id }).from(lotteryRooms).orderBy(asc(lotteryRooms.id));
  if (!room) throw new Error('no room seeded');
  return room.id;
}

/** A member's chat line in a room, as the socket stores it; returns its id. */
export async function memberChatLine(t: TestApp, roomId: number, content = '你好'): Promise<string> {
  const m = await t.newMember();
  const saved = await saveRoomMessage(t.db, roomId, {
    userId: m.id,
    sysmsg: false,
    id: m.id,
    author: m.name,
    avatar: '',
    content,
    type: 'chat',
  });
  return String(saved.msgid);
}

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleChatRooms: async () => ({}),
  consoleChatMessages: async (t) => ({ room_id: await firstRoom(t) }),
  consoleChatMutes: async () => ({ page: 1, pageSize: 20 }),
  consoleDeleteChatMessage: async (t) => ({ id: await memberChatLine(t, await firstRoom(t)) }),
  consoleMuteChatMember: async (t) => ({ user_id: (await t.newMember()).id, duration: '1h', reason: '刷屏' }),
  consoleUnmuteChatMember: async (t) => {
    const m = await t.newMember();
    await muteMember(t.db, { userId: m.id, duration: '1d', reason: '', by: 'sample' }, Date.now());
    return { user_id: m.id };
  },
};
