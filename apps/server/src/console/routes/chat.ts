import {
  CHAT_MUTE_DURATION_LABELS,
  consoleChatMessages,
  consoleChatMutes,
  consoleChatRooms,
  consoleDeleteChatMessage,
  consoleMuteChatMember,
  consoleUnmuteChatMember,
} from '@app/contract/console-chat';
import { formatDateTime } from '@app/contract/codecs';
import type { FastifyInstance } from 'fastify';
import { now } from '../../core/clock';
import { deleteChatMessage, isForever, muteMember, unmuteMember } from '../../modules/chat/moderation';
import { chatMessagesPage, chatMutesPage, chatRooms } from '../../modules/chat/admin-queries';
import { consoleEndpoint } from '../../http/console-endpoint';

const time = (d: Date) => formatDateTime(d.getTime());
const muteText = (m: { until: Date; reason: string } | null) =>
  m ? { until: isForever(m.until) ? '永久' : time(m.until), reason: m.reason } : null;

/** Console routes of @app/contract/console-chat. */
export default async function consoleChatRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleChatRooms, async () => ({ data: await chatRooms(app.db) }));
  consoleEndpoint(app, consoleChatMessages, async ({ input }) => ({
    data: await chatMessagesPage(app.db, input),
  }));
  consoleEndpoint(app, consoleChatMutes, async ({ input }) => ({ data: await chatMutesPage(app.db, input) }));

  consoleEndpoint(app, consoleDeleteChatMessage, async ({ input, actor, audit }) => {
    const r = await deleteChatMessage(app.db, app.roomBus, BigInt(input.id), actor.name, now());
    await audit({
      action: 'chat.delete',
      targetType: 'chat_message',
      targetId: input.id,
      before: { room_id: r.row.roomId, user_id: r.row.userId, author: r.row.author, content: r.row.content },
      after: { deleted: true },
    });
    return {
      data: { id: input.id, deleted_at: time(r.deletedAt), deleted_by: actor.name },
      message: '消息已删除',
    };
  });

  consoleEndpoint(app, consoleMuteChatMember, async ({ input, actor, audit }) => {
    const r = await muteMember(
      app.db,
      { userId: input.user_id, duration: input.duration, reason: input.reason, by: actor.name },
      now(),
    );
    const permanent = isForever(r.until);
    await audit({
      action: 'chat.mute',
      targetType: 'member',
      targetId: input.user_id,
      before: { mute: muteText(r.before) },
      after: { mute: muteText({ until: r.until, reason: input.reason }), duration: input.duration },
    });
    return {
      data: { user_id: input.user_id, until: time(r.until), permanent },
      message: permanent
        ? `已永久禁言 ${r.name}`
        : `已禁言 ${r.name} ${CHAT_MUTE_DURATION_LABELS[input.duration]}，至 ${time(r.until)}`,
    };
  });

  consoleEndpoint(app, consoleUnmuteChatMember, async ({ input, audit }) => {
    const r = await unmuteMember(app.db, input.user_id, now());
    await audit({
      action: 'chat.unmute',
      targetType: 'member',
      targetId: input.user_id,
      before: { mute: muteText(r.before) },
      after: { mute: null },
    });
    return { data: { user_id: input.user_id }, message: '已解除禁言' };
  });
}
