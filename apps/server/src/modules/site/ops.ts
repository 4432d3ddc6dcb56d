import { opsMaintenance, opsSiteUrls } from '@app/contract/ops-site';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { setMaintenance, setSiteUrls } from './service';

/** Operator routes of the site module (under /ops). */
export default async function siteOps(app: FastifyInstance) {
  opsEndpoint(app, opsMaintenance, async ({ input }) => ({
    data: await setMaintenance(app.db, input.on, input.tips),
  }));

  opsEndpoint(app, opsSiteUrls, async ({ input }) => ({ data: await setSiteUrls(app.db, input) }));
}
