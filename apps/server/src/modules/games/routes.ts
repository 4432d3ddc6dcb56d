import { gameList, gameUrl, slotGames, SLOT_PLATFORM_LABELS } from '@app/contract/games';
import { formatCents } from '@app/contract/codecs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { BusinessError, MSG_NOT_FOUND } from '../../core/errors';
import { sendEnvelopeError } from '../../http/plugins/errors';
import { allowSameOriginFraming } from '../../http/plugins/security';
import { DEMO_GAME_CSS, DEMO_GAME_HTML, DEMO_GAME_JS } from './demo-page';
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
import { buildSlotPictures, findSlot, SLOT_PIC_CACHE, SLOT_PIC_PREFIX } from './slots';

const ASSET_CACHE = 'public, max-age=3600';
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
  app.get(DEMO_GAME_PATH, async (_request, reply) => {
    allowSameOriginFraming(reply, app.config);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(DEMO_GAME_HTML);
  });
  app.get(`${DEMO_GAME_PATH}game.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', ASSET_CACHE).send(DEMO_GAME_JS),
  );
  app.get(`${DEMO_GAME_PATH}game.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', ASSET_CACHE).send(DEMO_GAME_CSS),
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
