import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parseOps } from '../respond';
import { listApplications, reviewApplication } from '../../modules/promo/activities';
import { listAgentApplications, reviewAgent } from '../../modules/promo/agents';
import { runDailyJobs } from '../../modules/promo/daily';
import { computeRebates } from '../../modules/promo/rebates';
import { isDay } from '../../modules/promo/shared';
import { runVip } from '../../modules/promo/vip';

const Day = z.object({ day: z.string().refine(isDay, '日期格式：YYYY-MM-DD') });
const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Username = z.object({ username: z.string().min(1).max(32) });
const ListQuery = z.object({
  state: z.coerce.number().int().min(0).max(3).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** Operator routes of promotions (under /ops). */
export default async function promoOps(app: FastifyInstance) {
  app.get('/activities/applications', async (request) => {
    const q = parseOps(ListQuery, request);
    return ok({ applications: await listApplications(app.db, q.state === 0 ? null : q.state, q.limit) });
  });
  app.post('/activities/approve', async (request) =>
    ok(await reviewApplication(app.db, parseOps(Id, request).id, 2)),
  );
  app.post('/activities/reject', async (request) =>
    ok(await reviewApplication(app.db, parseOps(Id, request).id, 3)),
  );

  app.get('/agents/applications', async (request) => {
    const q = parseOps(ListQuery, request);
    return ok({ applications: await listAgentApplications(app.db, q.state === 0 ? null : q.state, q.limit) });
  });
  app.post('/agents/approve', async (request) =>
    ok(await reviewAgent(app.db, parseOps(Username, request).username, true)),
  );
  app.post('/agents/reject', async (request) =>
    ok(await reviewAgent(app.db, parseOps(Username, request).username, false)),
  );

  app.post('/rebates/compute', async (request) => {
    const { day } = parseOps(Day, request);
    return ok({ day, created: await computeRebates(app.db, day) });
  });
  app.post('/vip/run', async (request) => {
    const { day } = parseOps(Day, request);
    return ok({ day, ...(await runVip(app.db, day)) });
  });
  app.post('/promo/daily', async (request) => ok(await runDailyJobs(app.db, parseOps(Day, request).day)));
}
