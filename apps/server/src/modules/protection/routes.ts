import {
  confirmPlayLimit,
  playSession,
  protection,
  setPlayLimit,
  confirmSessionLimit,
  setRealityCheck,
  setSessionLimit,
  takeBreak,
} from '@app/contract/protection';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import * as service from './service';
import * as sessionLimit from './session-limit';

/** 责任博彩: the member's limits, their changes, and a time-out or self-exclusion. */
export default async function protectionRoutes(app: FastifyInstance) {
  endpoint(app, protection, {
    handler: async ({ member }) => ({ data: await service.protectionOf(app.db, member.id) }),
  });

  endpoint(app, setPlayLimit, {
    handler: async ({ member, input }) => {
      const cents = input.amount === null ? null : BigInt(input.amount);
      await service.setLimit(app.db, member.id, { kind: input.kind, period: input.period, cents });
      return { data: await service.protectionOf(app.db, member.id), message: '设置成功' };
    },
  });

  endpoint(app, confirmPlayLimit, {
    handler: async ({ member, input }) => {
      await service.confirmLimit(app.db, member.id, input);
      return { data: await service.protectionOf(app.db, member.id), message: '限额已更新' };
    },
  });

  endpoint(app, takeBreak, {
    handler: async ({ member, input }) => {
      await service.takeBreak(app.db, app.roomBus, member.id, input);
      return { data: await service.protectionOf(app.db, member.id), message: '已生效，您已退出登录' };
    },
  });

  endpoint(app, setRealityCheck, {
    handler: async ({ member, input }) => {
      await service.setRealityCheck(app.db, member.id, input.minutes);
      return { data: await service.protectionOf(app.db, member.id), message: '设置成功' };
    },
  });

  endpoint(app, setSessionLimit, {
    handler: async ({ member, input }) => {
      await sessionLimit.setSessionLimit(app.db, member.id, input.minutes);
      return { data: await service.protectionOf(app.db, member.id), message: '设置成功' };
    },
  });

  endpoint(app, confirmSessionLimit, {
    handler: async ({ member }) => {
      await sessionLimit.confirmSessionLimit(app.db, member.id);
      return { data: await service.protectionOf(app.db, member.id), message: '单次登录时长已更新' };
    },
  });

  endpoint(app, playSession, {
    handler: async ({ member }) => ({
      data: await service.sessionSummary(app.db, member.id, member.sessionId),
    }),
  });
}
