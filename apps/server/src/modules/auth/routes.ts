import { balance, logoff, refreshUserMoney, user } from '@app/contract/auth';
import { login, register } from '@app/contract/auth-forms';
import { formatCents } from '@app/contract/codecs';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { readIdempotencyKey } from '../../http/idempotency';
import * as auth from './service';
import { centralBalance } from '../wallet/service';
import { signOut } from './revocation';

export default async function authRoutes(app: FastifyInstance) {
  const { rateLimit } = app.config;

  endpoint(app, register, {
    rateLimit: { max: rateLimit.registerPerHour, timeWindow: '1 hour' },
    handler: async ({ input, request }) => {
      const client = {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceId: input.device_id,
      };
      const token = await auth.register(
        app.db,
        { ...input, inviteCode: input.invite_code },
        client,
        readIdempotencyKey(request),
      );
      return { data: { api_token: token }, message: '注册成功' };
    },
  });

  endpoint(app, login, {
    rateLimit: { max: rateLimit.loginPerMinute, timeWindow: '1 minute' },
    handler: async ({ input, request }) => {
      const { token, mustChangePassword } = await auth.login(app.db, app.config, {
        name: input.name,
        password: input.password,
        deviceId: input.device_id,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return { data: { api_token: token, must_change_password: mustChangePassword }, message: '登录成功' };
    },
  });

  endpoint(app, logoff, {
    handler: async ({ member }) => {
      // Ends the session's games, tickets and chat sockets too, on every process.
      await signOut(app.db, app.roomBus, member);
      return { data: null, message: '退出成功' };
    },
  });

  endpoint(app, user, { handler: async ({ member }) => ({ data: await auth.userInfo(app.db, member.id) }) });

  endpoint(app, refreshUserMoney, {
    handler: async ({ member }) => ({ data: await auth.userInfo(app.db, member.id) }),
  });

  endpoint(app, balance, {
    handler: async ({ member }) => ({
      data: { balance: formatCents(await centralBalance(app.db, member.id)) },
    }),
  });
}
