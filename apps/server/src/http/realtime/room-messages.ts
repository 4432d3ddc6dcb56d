import { formatDateTime } from '@app/contract/codecs';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { chatMessages } from '../../db/schema/lottery';
import type { RoomBus, RoomMessage } from './room-bus';

/**
 * Writes a room message to the room's history, then publishes it to every process's sockets. Pass the
 * caller's transaction as `db` to store it with the change it reports (an order), and publish only
 * after that transaction commits: `publishRoomMessage` below.
 */
export async function saveRoomMessage(
  db: Db | Tx,
  roomId: number,
  message: Omit<RoomMessage, 'time'> & { userId: number | null },
): Promise<RoomMessage> {
  const at = now();
  const { userId, ...wire } = message;
  const stored: RoomMessage = { ...wire, time: formatDateTime(at) };
  const [row] = await db
    .insert(chatMessages)
    .values({
      roomId,
      userId,
      author: message.author,
      avatar: message.avatar,
      content: message.content,
      kind: message.type,
      payload: JSON.stringify(stored),
      createdAt: new Date(at),
    })
    .returning({ id: chatMessages.id });
  // Its id travels with it, so an operator's deletion can name it to the rooms (chat.ts ChatDeletion).
  return row ? { ...stored, msgid: Number(row.id) } : stored;
}

/** Publishes a stored message; a failed publish is logged by the bus, never undoes the stored change. */
export async function publishRoomMessage(bus: RoomBus, roomId: number, message: RoomMessage): Promise<void> {
  await bus.publish(roomId, message);
}
