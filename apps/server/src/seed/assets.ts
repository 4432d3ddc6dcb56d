import type { FastifyInstance } from 'fastify';
import { SEED_ICONS } from './content';
import { MSG_NOT_FOUND } from '../core/errors';
import { sendEnvelopeError } from '../http/plugins/errors';
import { SEED_ASSET_PREFIX } from '../core/paths';
import { buildSeedAssets } from './svg';
import { buildPayQrAssets } from './pay-qr';

export const SEED_ASSET_CACHE = 'public, max-age=86400';

/** GET /assets-seed/<name>.svg: the pictures of the demo content, drawn once at start-up. */
export default async function assetRoutes(app: FastifyInstance) {
  const assets = new Map([...buildSeedAssets(SEED_ICONS), ...buildPayQrAssets()]);
  app.get<{ Params: { name: string } }>(`${SEED_ASSET_PREFIX}:name`, async (request, reply) => {
    const svg = assets.get(request.params.name);
    if (svg === undefined) return sendEnvelopeError(reply, 404, MSG_NOT_FOUND);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', SEED_ASSET_CACHE).send(svg);
  });
}
