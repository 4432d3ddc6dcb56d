import { formatCents } from '@app/contract/codecs';
import { OPS_LIST_STATE_ALL } from '@app/contract/ops-fields';
import {
  opsActivityApplications,
  opsApproveActivity,
  opsComputeRebates,
  opsPromoDaily,
  opsRejectActivity,
  opsRunVip,
} from '@app/contract/ops-promo';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { listApplications, rejectApplication } from './activities';
import { approveApplication } from './bonus';
import { runDailyJobs } from './daily';
import { computeRebates } from './rebates';
import { runVip } from './vip';

/** The state a command line's list asks for; null: every state. */
const stateOf = (state: number) => (state === OPS_LIST_STATE_ALL ? null : state);

/** Operator routes of promotions (under /ops): activity applications, rebates, VIP, the daily run. */
export default async function promoOps(app: FastifyInstance) {
  opsEndpoint(app, opsActivityApplications, async ({ input }) => ({
    data: { applications: await listApplications(app.db, stateOf(input.state), input.limit) },
  }));
  opsEndpoint(app, opsApproveActivity, async ({ input, actor }) => {
    const paid = await approveApplication(
      app.db,
      input.id,
      input.amount === null ? null : BigInt(input.amount),
      actor,
    );
    return {
      data: {
        id: paid.id,
        state: paid.state,
        bonus: formatCents(paid.bonusCents),
        turnover: formatCents(paid.turnoverCents),
      },
    };
  });
  opsEndpoint(app, opsRejectActivity, async ({ input, actor }) => {
    const { id, state } = await rejectApplication(app.db, input.id, actor);
    return { data: { id, state } };
  });

  opsEndpoint(app, opsComputeRebates, async ({ input }) => ({
    data: { day: input.day, created: await computeRebates(app.db, input.day) },
  }));
  opsEndpoint(app, opsRunVip, async ({ input }) => ({
    data: { day: input.day, ...(await runVip(app.db, input.day)) },
  }));
  opsEndpoint(app, opsPromoDaily, async ({ input }) => ({ data: await runDailyJobs(app.db, input.day) }));
}
