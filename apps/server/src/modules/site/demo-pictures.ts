import type { FastifyInstance } from 'fastify';
import { MSG_NOT_FOUND } from '../../core/errors';
import { SEED_ASSET_PREFIX } from '../../core/paths';
import { sendEnvelopeError } from '../../http/plugins/errors';

export const SEED_ASSET_CACHE = 'public, max-age=86400';

/** The demo content's pictures by name (SVG text), drawn once at start-up by the seed (seed/assets.ts). */
export type DemoPictures = ReadonlyMap<string, string>;

/**
 * GET /assets-seed/<name>.svg: the pictures the demo content refers to, on the members' address and
 * on the console's (its forms preview what they publish). The seed draws them; the site serves them.
 */
export default async function demoPictureRoutes(app: FastifyInstance, opts: { pictures: DemoPictures }) {
  app.get<{ Params: { name: string } }>(`${SEED_ASSET_PREFIX}:name`, async (request, reply) => {
    const svg = opts.pictures.get(request.params.name);
    if (svg === undefined) return sendEnvelopeError(reply, 404, MSG_NOT_FOUND);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', SEED_ASSET_CACHE).send(svg);
  });
}
