import {
  consoleChangePassword,
  consoleEnrollTotp,
  consoleLogin,
  consoleLogout,
  consoleSession,
  consoleSetPassword,
  consoleVerifyTotp,
  type ConsoleSession,
} from '@app/contract/console-auth';
import { CONSOLE_IDLE_MINUTES, CONSOLE_SESSION_COOKIE } from '@app/contract/console-define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consoleEndpoint, consolePublicEndpoint, sessionToken } from '../../http/console-endpoint';
import { writeAudit } from '../../db/audit';
import { openSession, revokeSession, type ConsoleOperator } from '../../identity/operator-sessions';
import {
  changeOperatorPassword,
  enrollTotp,
  setFirstPassword,
  signInWithPassword,
  verifyTotp,
} from '../../identity/operator-sign-in';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

const sessionReply = (o: ConsoleOperator): ConsoleSession => ({
  id: o.id,
  name: o.name,
  role: o.role,
  csrf: o.csrf,
  idle_minutes: CONSOLE_IDLE_MINUTES,
});

/** Console sign-in (identity/operator-sign-in.ts), session and sign-out: the cookie and the replies. */
export default async function consoleAuthRoutes(app: FastifyInstance) {
  consolePublicEndpoint(app, consoleLogin, async ({ input, request, reply }) => {
    const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    const { token, next, csrf } = await signInWithPassword(app.db, input, client);
    setSessionCookie(request, reply, token);
    return { data: { next, csrf } };
  });

  consoleEndpoint(app, consoleSetPassword, async ({ input, operator, actor }) => ({
    data: { next: await setFirstPassword(app.db, operator.id, input.password, actor), csrf: operator.csrf },
  }));

  consoleEndpoint(app, consoleEnrollTotp, async ({ operator }) => ({
    data: await enrollTotp(app.db, { operatorId: operator.id, sessionId: operator.sessionId }),
  }));

  consoleEndpoint(app, consoleVerifyTotp, async ({ input, operator, request, actor }) => {
    const session = { operatorId: operator.id, sessionId: operator.sessionId };
    const userAgent = request.headers['user-agent'] ?? '';
    const role = await verifyTotp(app.db, session, input.code, { actor, userAgent });
    return { data: sessionReply({ ...operator, role }) };
  });

  consoleEndpoint(app, consoleSession, async ({ operator }) => ({ data: sessionReply(operator) }));

  consolePublicEndpoint(app, consoleLogout, async ({ request, reply }) => {
    const token = sessionToken(request);
    const open = token ? await openSession(app.db, token) : null;
    if (token) await revokeSession(app.db, token);
    if (open) {
      const actor = { operatorId: open.operatorId, name: open.name, ip: request.ip };
      await writeAudit(app.db, actor, {
        action: 'operator.signOut',
        targetType: 'operator',
        targetId: open.operatorId,
      });
    }
    // Its 客服工作台 sockets close at once, on every process (modules/support-desk/sockets-operator.ts).
    if (open) await app.roomBus.publishDesk({ k: 'end', op: open.operatorId, s: [open.sessionId] });
    reply.clearCookie(CONSOLE_SESSION_COOKIE, { path: '/' });
    return { data: null, message: '已退出' };
  });

  consoleEndpoint(app, consoleChangePassword, async ({ input, operator, actor }) => {
    const session = { operatorId: operator.id, sessionId: operator.sessionId };
    await changeOperatorPassword(app.db, session, input, actor);
    return { data: null, message: '密码修改成功' };
  });
}
