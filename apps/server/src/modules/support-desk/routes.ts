import {
  SUPPORT_IMAGE_FIELD,
  supportHistory,
  supportImage,
  supportMessages,
  supportRate,
  supportRead,
  supportSend,
  supportState,
  supportTicket,
  supportVisitor,
} from '@app/contract/support-desk';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BusinessError } from '../../core/errors';
import { endpoint, type EndpointContext, type EndpointResult } from '../../http/endpoint';
import { MSG_UPLOAD_MISSING } from '../uploads/admin-images';
import type { CallDef } from '@app/contract/define';
import {
  cleanSupportText,
  deskHistory,
  deskState,
  markReadByMember,
  olderMessages,
  ownImage,
  rateConversation,
  sendFromMember,
  type MemberContent,
} from './conversations';
import { messagesAfter, publishDeskEvents } from './events';
import { redeemSupportTicket, supportCallerOf, visitorSession, type SupportCaller } from './identity';
import { readSupportImage, sendImage, storedAddress, storeSupportImage } from './images';
import { MEMBER_IMAGE_PREFIX } from './views';

/** New support tokens per address (tickets and visitors each). */
const TOKENS_PER_MINUTE = { max: 20, timeWindow: '1 minute' };

/**
 * The desk page runs in an opaque origin (sandboxed without allow-same-origin), so its requests are
 * cross-origin: these routes, and only these, answer CORS for anyone (`*`, no credentials: the
 * support token travels in the Authorization header, never in a cookie).
 */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('vary', 'Origin');
}

/** The support desk's calls (contract support-desk.ts): a support token, then the caller's own conversation. */
export default async function supportDeskRoutes(app: FastifyInstance) {
  // Encapsulated: the header is added to this plugin's routes only (refusals included).
  app.addHook('onRequest', async (_request, reply) => allowAnyOrigin(reply));
  const preflight = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'Authorization, Content-Type')
      .header('access-control-max-age', '600')
      .send();
  app.options('/api/support/*', preflight);
  app.options(`${MEMBER_IMAGE_PREFIX}*`, preflight);

  /** A 'support' call: its handler gets the token's holder (401 / 403 otherwise). */
  function deskCall<C extends CallDef>(
    call: C,
    handler: (caller: SupportCaller, ctx: EndpointContext<C>) => Promise<EndpointResult<C>>,
  ) {
    endpoint(app, call, { handler: async (ctx) => handler(await supportCallerOf(app.db, ctx.request), ctx) });
  }

  endpoint(app, supportTicket, {
    rateLimit: TOKENS_PER_MINUTE,
    handler: async ({ input, request }) => ({
      data: { token: await redeemSupportTicket(app.db, input.ticket, request.ip) },
    }),
  });

  endpoint(app, supportVisitor, {
    rateLimit: TOKENS_PER_MINUTE,
    handler: async ({ input, request }) => ({ data: await visitorSession(app.db, input, request.ip) }),
  });

  deskCall(supportState, async (caller) => ({ data: await deskState(app.db, caller) }));

  deskCall(supportMessages, async (caller, { input }) => ({
    data: await olderMessages(app.db, caller, input.conversation_id, input.before_id),
  }));

  deskCall(supportSend, async (caller, { input }) => ({
    data: await sendAndTell(app, caller, { kind: 'text', body: cleanSupportText(input.text) }),
    message: '发送成功',
  }));

  deskCall(supportImage, async (caller, { files }) => {
    const image = await storeSupportImage(
      app.db,
      app.config.dataDir,
      caller.userId,
      files.get(SUPPORT_IMAGE_FIELD),
    );
    return { data: await sendAndTell(app, caller, { kind: 'image', image }), message: '发送成功' };
  });

  deskCall(supportRead, async (caller) => {
    const read = await markReadByMember(app.db, caller);
    if (read) {
      await publishDeskEvents(app.db, app.roomBus, [
        { k: 'read', c: read.conversationId, side: 'member', id: read.readId },
      ]);
    }
    return { data: null };
  });

  deskCall(supportHistory, async (caller, { input }) => ({
    data: await deskHistory(app.db, caller, input.page),
  }));

  deskCall(supportRate, async (caller, { input }) => ({
    data: await rateConversation(app.db, caller, input),
    message: '感谢您的评价',
  }));

  imageRoute(app);
}

/** Sends, then tells the sockets: the message, and a conversation it opened (and its assignment). */
async function sendAndTell(app: FastifyInstance, caller: SupportCaller, content: MemberContent) {
  const sent = await sendFromMember(app.db, caller, content);
  const { record: c } = sent;
  await publishDeskEvents(app.db, app.roomBus, [
    sent.opened ? { k: 'state', c: c.id, change: 'waiting' } : null,
    sent.opened && c.state === 'open' ? { k: 'state', c: c.id, change: 'assigned' } : null,
    await messagesAfter(app.db, c.id, sent.message.id - 1),
  ]);
  return { conversation: sent.conversation, message: sent.message };
}

/** An image of one's own conversations, fetched by the page with its token (shown from a blob). */
function imageRoute(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>(`${MEMBER_IMAGE_PREFIX}:name`, async (request, reply) => {
    const caller = await supportCallerOf(app.db, request);
    const stored = storedAddress(request.params.name);
    if (!(await ownImage(app.db, caller, stored))) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
    return sendImage(reply, await readSupportImage(app.config.dataDir, request.params.name));
  });
}
