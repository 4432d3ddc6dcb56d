import {
  consoleSupportCanned,
  consoleSupportCannedDelete,
  consoleSupportCannedSave,
  consoleSupportClose,
  consoleSupportConversation,
  consoleSupportFigures,
  consoleSupportMember,
  consoleSupportOperators,
  consoleSupportPresence,
  consoleSupportQueue,
  consoleSupportRead,
  consoleSupportReply,
  consoleSupportSearch,
  consoleSupportTake,
  consoleSupportTransfer,
} from '@app/contract/console-support';
import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint, requireConsoleOperator } from '../../http/console-endpoint';
import { assignWaiting, presenceOf, setPresence } from '../../modules/support-desk/assign';
import { cannedReplies, cannedView, deleteCanned, saveCanned } from '../../modules/support-desk/canned';
import {
  closeConversation,
  markReadByOperator,
  replyToConversation,
  takeConversation,
  transferConversation,
} from '../../modules/support-desk/desk';
import {
  dayFigures,
  deskConversation,
  deskMessages,
  deskOperators,
  deskQueue,
  deskRow,
  searchTranscripts,
} from '../../modules/support-desk/desk-queries';
import { deskImage, sendImage } from '../../modules/support-desk/images';
import { assignedEvents, publishDeskEvents, withDeskEvents } from '../../modules/support-desk/events';
import { memberPanel } from '../../modules/support-desk/panel';
import { markSeen } from '../../modules/support-desk/presence';
import { CONSOLE_IMAGE_PREFIX } from '../../modules/support-desk/views';

/** Roles that work the desk (the calls' roles; 超级管理员 too). */
const DESK_ROLES = consoleSupportQueue.roles;

const target = (id: number) => ({ targetType: 'supportConversation', targetId: id });

/** Gives waiting conversations to whoever has room, and tells their sockets once committed. */
async function assignWaitingAndTell(app: FastifyInstance): Promise<void> {
  const given: number[] = [];
  await assignWaiting(app.db, undefined, given);
  await assignedEvents(app.db, app.roomBus, given);
}

/** Console routes of 客服工作台 (calls in @app/contract/console-support); every write audited. */
export default async function consoleSupportRoutes(app: FastifyInstance) {
  /** A change to a conversation, told to the sockets once its call commits (events.ts). */
  const desk = <T>(id: number, change: () => Promise<T>) => withDeskEvents(app.db, app.roomBus, id, change);
  consoleEndpoint(app, consoleSupportQueue, async ({ input, operator }) => {
    const data = await deskQueue(app.db, operator.id, input);
    // A console polling its queue is at the desk (presence.ts), socket or not.
    await markSeen(app.db, [operator.id], true);
    return { data };
  });

  consoleEndpoint(app, consoleSupportConversation, async ({ input }) => ({
    data: await deskConversation(app.db, input.id, input.before_id),
  }));

  consoleEndpoint(app, consoleSupportTake, async ({ input, operator, audit }) => {
    const c = await desk(input.id, () => takeConversation(app.db, operator, input.id));
    await audit({ action: 'support.take', ...target(input.id), after: { state: c.state } });
    return { data: { conversation: await deskRow(app.db, c) }, message: '已接入' };
  });

  consoleEndpoint(app, consoleSupportTransfer, async ({ input, operator, audit }) => {
    const { before, after } = await desk(input.id, () =>
      transferConversation(app.db, operator, input.id, input.operator_id),
    );
    await audit({
      action: 'support.transfer',
      ...target(input.id),
      before: { operator_id: before.operatorId },
      after: { operator_id: after.operatorId },
    });
    return { data: { conversation: await deskRow(app.db, after) }, message: '已转接' };
  });

  consoleEndpoint(
    app,
    consoleSupportReply,
    async ({ input, operator, audit }) => {
      const { id } = input;
      const { conversation, message } = await desk(id, () =>
        replyToConversation(app.db, app.config.dataDir, operator, id, input),
      );
      await audit({
        action: 'support.reply',
        ...target(id),
        after: { message_id: message.id, kind: message.kind },
      });
      const [view] = await deskMessages(app.db, [message]);
      if (!view) throw new Error('reply view missing');
      return {
        data: { conversation: await deskRow(app.db, conversation), message: view },
        message: '已发送',
      };
    },
    // Base64 of the largest image, and room for the JSON around it.
    { bodyLimit: Math.ceil(IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 4096 },
  );

  consoleEndpoint(app, consoleSupportRead, async ({ input, audit }) => {
    const c = await desk(input.id, () => markReadByOperator(app.db, input.id));
    await audit({ action: 'support.read', ...target(input.id), after: { read_id: c.operatorReadId } });
    return { data: { conversation: await deskRow(app.db, c) } };
  });

  consoleEndpoint(app, consoleSupportClose, async ({ input, operator, audit }) => {
    const { before, after } = await desk(input.id, () =>
      closeConversation(app.db, operator, input.id, input.tag),
    );
    await audit({
      action: 'support.close',
      ...target(input.id),
      before: { state: before.state },
      after: { state: after.state, tag: input.tag },
    });
    // The operator has room again: a waiting conversation may go to someone.
    await assignWaitingAndTell(app);
    return { data: { conversation: await deskRow(app.db, after) }, message: '会话已结束' };
  });

  deskSettingsRoutes(app);
}

/** Presence, canned replies, the reads beside the conversations, and the images. */
function deskSettingsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSupportPresence, async ({ input, operator, audit }) => {
    const { before, after } = await setPresence(app.db, operator.id, input);
    await audit({
      action: 'support.presence',
      targetType: 'operator',
      targetId: operator.id,
      before: { online: before.online, max_open: before.maxOpen, nickname: before.nickname },
      after: { online: after.online, max_open: after.maxOpen, nickname: after.nickname },
    });
    if (after.online) await assignWaitingAndTell(app);
    // Members' pages show whether any 客服 is online.
    if (after.online !== before.online) await publishDeskEvents(app.db, app.roomBus, [{ k: 'online' }]);
    return { data: await presenceOf(app.db, operator.id), message: after.online ? '已上线' : '已下线' };
  });

  consoleEndpoint(app, consoleSupportOperators, async () => ({ data: await deskOperators(app.db) }));

  consoleEndpoint(app, consoleSupportCanned, async () => ({ data: await cannedReplies(app.db) }));

  consoleEndpoint(app, consoleSupportCannedSave, async ({ input, actor, audit }) => {
    const { before, after } = await saveCanned(app.db, input, actor.name);
    await audit({
      action: before ? 'support.canned.update' : 'support.canned.create',
      targetType: 'supportCanned',
      targetId: after.id,
      before: before ? cannedView(before) : undefined,
      after: cannedView(after),
    });
    return { data: cannedView(after), message: '快捷回复已保存' };
  });

  consoleEndpoint(app, consoleSupportCannedDelete, async ({ input, audit }) => {
    const before = await deleteCanned(app.db, input.id);
    await audit({
      action: 'support.canned.delete',
      targetType: 'supportCanned',
      targetId: input.id,
      before: cannedView(before),
    });
    return { data: null, message: '快捷回复已删除' };
  });

  deskReadRoutes(app);
}

function deskReadRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSupportSearch, async ({ input }) => ({
    data: await searchTranscripts(app.db, input),
  }));

  consoleEndpoint(app, consoleSupportMember, async ({ input, actor, operator }) => ({
    data: await memberPanel(app.db, input.id, { actor, role: operator.role }),
  }));

  consoleEndpoint(app, consoleSupportFigures, async ({ input }) => ({
    data: await dayFigures(app.db, input.day),
  }));

  // A conversation's image, to an operator who works the desk (not a call: the browser loads it).
  app.get<{ Params: { name: string } }>(`${CONSOLE_IMAGE_PREFIX}:name`, async (request, reply) => {
    await requireConsoleOperator(app, request, DESK_ROLES);
    return sendImage(reply, await deskImage(app.db, app.config.dataDir, request.params.name));
  });
}
