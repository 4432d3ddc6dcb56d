import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parseOps } from '../respond';
import { setMaintenance } from '../../modules/site/service';

/** Operator routes of the site module (under /ops). */
export default async function siteOps(app: FastifyInstance) {
  app.post('/site/maintenance', async (request) => {
    const body = parseOps(
      z.object({
        on: z.boolean('on 必须是 true 或 false'),
        tips: z.string().max(500, '维护提示过长').optional(),
      }),
      request,
    );
    return ok(await setMaintenance(app.db, body.on, body.tips));
  });
}
