import { gameList, gameUrl, slotGames, SLOT_PLATFORM_LABELS } from '@app/contract/games';
import { formatCents } from '@app/contract/codecs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { BusinessError, MSG_NOT_FOUND } from '../../core/errors';
import { sendEnvelopeError } from '../../http/plugins/errors';
import { sendSandboxedPage } from '../../http/plugins/security';
import { DEMO_GAME_PAGE } from './demo-page';
import {
  bearerOf,
  DEMO_GAME_PATH,
  MSG_TICKET_INVALID,
  parseStake,
  redeemTicket,
  sessionOf,
  spin,
  venueBalance,
} from './demo';
import { launchGame, listGames, listSlotGames } from './service';
import { demoVenueProvider } from '../wallet/venues';
import { buildSlotPictures, findSlot, SLOT_PIC_CACHE, SLOT_PIC_PREFIX } from './slots';

/** Demo rounds per client IP and minute (a money call). */
const SPIN_RATE = { max: 600, timeWindow: '1 minute' };

export default async function gamesRoutes(app: FastifyInstance) {
  endpoint(app, gameList, {
    handler: async ({ input }) => ({ data: await listGames(app.db, input.category) }),
  });

  endpoint(app, slotGames, {
    handler: async ({ input }) => ({ data: listSlotGames(input.gamecode) }),
  });

  endpoint(app, gameUrl, {
    handler: async ({ input, member }) => ({ data: { url: await launchGame(app.db, member, input) } }),
  });

  const pictures = buildSlotPictures(SLOT_PLATFORM_LABELS);
  app.get<{ Params: { name: string } }>(`${SLOT_PIC_PREFIX}:name`, async (request, reply) => {
    const svg = pictures.get(request.params.name);
    if (svg === undefined) return sendEnvelopeError(reply, 404, MSG_NOT_FOUND);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', SLOT_PIC_CACHE).send(svg);
  });

  await app.register(demoGameRoutes);
}

/* The demo provider's game page and its calls ------------------------------------------------------- */

const ok = (data: unknown) => ({ code: 200, message: '成功', data });

async function demoGameRoutes(app: FastifyInstance) {
  app.get(DEMO_GAME_PATH, async (_request, reply) =>
    sendSandboxedPage(reply, app.config, DEMO_GAME_PAGE, 'no-store'),
  );

  // The page runs in an opaque origin (Origin: null): its calls are cross-origin. They carry the game
  // session as a bearer token, never cookies, so any origin may make them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${DEMO_GAME_PATH}api/`)) reply.header('access-control-allow-origin', '*');
  });
  app.options(`${DEMO_GAME_PATH}api/*`, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send(),
  );

  const session = (request: FastifyRequest) => sessionOf(app.db, bearerOf(request.headers.authorization));
  const field = (body: unknown, name: string): unknown =>
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

  app.post(`${DEMO_GAME_PATH}api/session`, async (request, reply) => {
    const ticket = field(request.body, 'ticket');
    if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) {
      throw new BusinessError(MSG_TICKET_INVALID, 401);
    }
    const { token, session: s } = await redeemTicket(app.db, ticket);
    const game = findSlot(s.platform, s.gameCode);
    reply.header('cache-control', 'no-store');
    return ok({
      token,
      platform: s.platform,
      // The venue's name (AG真人) for the page's subtitle: members never see the code.
      venue: (await demoVenueProvider.venues(app.db)).find((v) => v.code === s.platform)?.name ?? '',
      game: game?.name ?? '',
      balance: formatCents(await venueBalance(app.db, s)),
    });
  });

  app.get(`${DEMO_GAME_PATH}api/balance`, async (request, reply) => {
    const s = await session(request);
    reply.header('cache-control', 'no-store');
    return ok({ platform: s.platform, balance: formatCents(await venueBalance(app.db, s)) });
  });

  app.post(`${DEMO_GAME_PATH}api/spin`, { config: { rateLimit: SPIN_RATE } }, async (request, reply) => {
    const s = await session(request);
    const stake = parseStake(field(request.body, 'stake'));
    reply.header('cache-control', 'no-store');
    return ok(await spin(app.db, s, stake));
  });
}
