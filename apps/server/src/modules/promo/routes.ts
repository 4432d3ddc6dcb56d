import { formatCents } from '@app/contract/codecs';
import * as api from '@app/contract/promo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { tokenOf } from '../../http/plugins/auth';
import { hashToken } from '../../identity/sessions';
import * as activities from './activities';
import * as redPackets from './redpackets';
import * as rebates from './rebates';
import { vipLevelList, vipProgressOf } from './vip';

/** Money taps count per session (else per address). */
function perSession(request: FastifyRequest): string {
  const token = tokenOf(request);
  return token ? `s:${hashToken(token)}` : `ip:${request.ip}`;
}
const MONEY_LIMIT = { max: 60, timeWindow: '1 minute', keyGenerator: perSession };

/** Activities, red packets, rebates and VIP (agents and invitations: modules/agents). */
export default async function promoRoutes(app: FastifyInstance) {
  /* Activities */
  endpoint(app, api.activityTypes, {
    handler: async () => ({ data: await activities.activityTypeList(app.db) }),
  });
  endpoint(app, api.activities, {
    handler: async ({ input }) => ({ data: await activities.activityList(app.db, input.type) }),
  });
  endpoint(app, api.activityDetail, {
    handler: async ({ input }) => ({ data: await activities.activityDetailOf(app.db, input.id) }),
  });
  endpoint(app, api.applyActivity, {
    handler: async ({ member, input }) => {
      await activities.applyForActivity(app.db, member.id, input.activityid);
      return { data: null, message: activities.MSG_APPLY_SUBMITTED };
    },
  });
  endpoint(app, api.activityApplications, {
    handler: async ({ member, input }) => ({
      data: await activities.applicationLog(app.db, member.id, input.page),
    }),
  });

  /* Red packets */
  endpoint(app, api.redPacketInfo, {
    handler: async ({ member, input }) => ({
      data: await redPackets.redPacketInfo(app.db, member.id, input.page),
    }),
  });
  endpoint(app, api.claimRedPacket, {
    rateLimit: MONEY_LIMIT,
    handler: async ({ member }) => {
      const amount = await redPackets.claimRedPacket(app.db, member.id);
      return {
        data: { redpacketmoney: formatCents(amount) },
        message: `恭喜您获得红包${formatCents(amount)}元`,
      };
    },
  });
  endpoint(app, api.redPacketRecords, {
    handler: async ({ member, input }) => ({
      data: await redPackets.redPacketRecordPage(app.db, member.id, input.page),
    }),
  });

  /* Rebates */
  endpoint(app, api.rebates, {
    handler: async ({ member, input }) => ({ data: await rebates.rebatePage(app.db, member.id, input) }),
  });
  endpoint(app, api.claimRebates, {
    rateLimit: MONEY_LIMIT,
    handler: async ({ member }) => {
      const sum = await rebates.claimRebates(app.db, member.id);
      return { data: { money: formatCents(sum) }, message: '操作成功！' };
    },
  });

  /* VIP */
  endpoint(app, api.vipLevels, { handler: async () => ({ data: await vipLevelList(app.db) }) });
  endpoint(app, api.vipProgress, {
    handler: async ({ member }) => ({ data: await vipProgressOf(app.db, member.id) }),
  });
}
