import {
  consoleRedPackets,
  consoleSetMaintenance,
  consoleSetRedPacketBands,
  consoleSetRedPacketSwitch,
  consoleSetSiteAddresses,
  consoleSiteSettings,
} from '@app/contract/console-site';
import { isReviewTicket, reviewSubmittedMessage } from '@app/contract/console-approvals';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { redPacketsView, saveRedPacketBands, saveRedPacketSwitch } from '../../modules/site/admin-redpackets';
import { requestAddressesChange, saveMaintenance, siteSettingsView } from '../../modules/site/admin-settings';

/** Console routes of @app/contract/console-site. */
export default async function consoleSiteRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSiteSettings, async () => ({ data: await siteSettingsView(app.db) }));

  consoleEndpoint(app, consoleSetMaintenance, async ({ input, audit }) => {
    const r = await saveMaintenance(app.db, input.on, input.repair_tips);
    await audit({
      action: 'site.maintenance',
      targetType: 'site',
      targetId: 1,
      before: r.before,
      after: r.after,
    });
    return {
      data: r.view,
      message: input.on ? '已开启维护，会员端只显示维护提示' : '已关闭维护，会员端恢复正常',
    };
  });

  consoleEndpoint(app, consoleSetSiteAddresses, async ({ input, actor, audit }) => {
    const r = await requestAddressesChange(app.db, actor, input, audit);
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('site.addresses') };
    return { data: r, message: '站点地址已保存' };
  });

  consoleEndpoint(app, consoleRedPackets, async () => ({ data: await redPacketsView(app.db) }));

  consoleEndpoint(app, consoleSetRedPacketSwitch, async ({ input, audit }) => {
    const r = await saveRedPacketSwitch(app.db, input.on);
    await audit({ action: 'redPacket.switch', targetType: 'redPacket', before: r.before, after: r.after });
    return { data: r.view, message: input.on ? '红包已开启' : '红包已关闭' };
  });

  consoleEndpoint(app, consoleSetRedPacketBands, async ({ input, audit }) => {
    const r = await saveRedPacketBands(app.db, input.bands);
    await audit({ action: 'redPacket.bands', targetType: 'redPacket', before: r.before, after: r.after });
    return { data: r.view, message: '红包档位已保存，从下一次领取起生效' };
  });
}
