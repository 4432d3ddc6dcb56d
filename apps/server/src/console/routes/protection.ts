import {
  consoleLiftExclusion,
  consoleMemberProtection,
  consoleProtectionReport,
  consoleTightenLimit,
} from '@app/contract/console-protection';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { liftExclusion, memberProtection, tightenLimit } from '../../modules/protection/admin';
import { protectionReport } from '../../modules/protection/report';

/** Console routes of 责任博彩 on the member page (calls in @app/contract/console-protection). */
export default async function consoleProtectionRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleMemberProtection, async ({ input }) => ({
    data: await memberProtection(app.db, input.id),
  }));

  consoleEndpoint(app, consoleTightenLimit, async ({ input, actor, audit }) => {
    const cents = BigInt(input.amount);
    await tightenLimit(app.db, input.id, { kind: input.kind, period: input.period, cents }, actor.name);
    await audit({
      action: 'member.tightenLimit',
      targetType: 'member',
      targetId: input.id,
      after: { kind: input.kind, period: input.period, amount_cents: String(cents) },
    });
    return { data: await memberProtection(app.db, input.id), message: '限额已收紧，已通知会员' };
  });

  consoleEndpoint(app, consoleLiftExclusion, async ({ input, actor, audit }) => {
    const before = await liftExclusion(
      app.db,
      input.id,
      { breakId: input.break_id, reason: input.reason },
      actor.name,
    );
    await audit({
      action: 'member.liftExclusion',
      targetType: 'member',
      targetId: input.id,
      before,
      after: { break_id: input.break_id, reason: input.reason },
    });
    return { data: await memberProtection(app.db, input.id), message: '已解除自我排除' };
  });

  consoleEndpoint(app, consoleProtectionReport, async () => ({ data: await protectionReport(app.db) }));
}
