import {
  consoleCreateActivity,
  consoleEnableActivity,
  consolePromoActivities,
  consolePromoVipLevels,
  consoleUpdateActivity,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
} from '@app/contract/console-promo';
import { isReviewTicket, reviewSubmittedMessage } from '@app/contract/console-approvals';
import type { FastifyInstance } from 'fastify';
import { requestActivitySave } from '../../modules/promo/admin-activity-review';
import {
  activityAdminList,
  createActivity,
  enableActivity,
  updateActivity,
} from '../../modules/promo/admin-activities';
import { updateRebateRates, updateVipThresholds, vipLevelAdminList } from '../../modules/promo/admin-levels';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of @app/contract/console-promo. */
export default async function consolePromoRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consolePromoActivities, async () => ({ data: await activityAdminList(app.db) }));
  consoleEndpoint(app, consoleCreateActivity, async ({ input, actor, audit }) => {
    const r = await requestActivitySave(app.db, actor, null, input, audit, async () => {
      const c = await createActivity(app.db, input);
      await audit({ action: 'activity.create', targetType: 'activity', targetId: c.row.id, after: c.after });
      return c.row;
    });
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('activity.create') };
    return { data: r, message: '活动已创建' };
  });
  consoleEndpoint(app, consoleUpdateActivity, async ({ input, actor, audit }) => {
    const { id, ...fields } = input;
    const r = await requestActivitySave(app.db, actor, id, fields, audit, async () => {
      const u = await updateActivity(app.db, id, fields);
      await audit({
        action: 'activity.update',
        targetType: 'activity',
        targetId: id,
        before: u.before,
        after: u.after,
      });
      return u.row;
    });
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('activity.update') };
    return { data: r, message: '活动已保存，新规则从下一次审核起生效' };
  });
  consoleEndpoint(app, consoleEnableActivity, async ({ input, audit }) => {
    const r = await enableActivity(app.db, input.id, input.enabled);
    await audit({
      action: input.enabled ? 'activity.enable' : 'activity.disable',
      targetType: 'activity',
      targetId: input.id,
      before: { title: r.row.title, ...r.before },
      after: { title: r.row.title, ...r.after },
    });
    return { data: r.row, message: input.enabled ? '活动已上架' : '活动已下架' };
  });
  levelRoutes(app);
}

function levelRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consolePromoVipLevels, async () => ({ data: await vipLevelAdminList(app.db) }));
  consoleEndpoint(app, consoleUpdateRebateRates, async ({ input, audit }) => {
    const r = await updateRebateRates(app.db, input);
    await audit({ action: 'rebateRates.update', targetType: 'vipLevels', before: r.before, after: r.after });
    return { data: { levels: r.levels }, message: '返水比例已保存，从下一次计算返水起生效' };
  });
  consoleEndpoint(app, consoleUpdateVipLevels, async ({ input, audit }) => {
    const r = await updateVipThresholds(app.db, input);
    await audit({ action: 'vipLevels.update', targetType: 'vipLevels', before: r.before, after: r.after });
    return { data: { levels: r.levels }, message: 'VIP 门槛已保存，从下一次晋级计算起生效' };
  });
}
