import { MSG_MUST_CHANGE_PASSWORD } from '@app/contract/auth';
import { PASSWORD_CHANGE_CALLS } from '@app/contract/member';
import { CHAT_SOCKET_PATH } from '@app/contract/chat';
import { MSG_SESSION_LIMIT_REACHED } from '@app/contract/session-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { lookupSession, type Member, type SessionLookup } from '../../identity/sessions';
import { BusinessError } from '../../core/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, once `app.authenticate` found a valid session. */
    member: Member | null;
  }
  interface FastifyInstance {
    /** Resolves the request's session (Bearer header, or `_token` query on the socket only). */
    authenticate(request: FastifyRequest): Promise<SessionLookup>;
    /** Resolves the session and fails with 401 / 403 unless a member is signed in (403 also for a
     * one-time login password outside the calls that change it: contract PASSWORD_CHANGE_CALLS). */
    requireMember(request: FastifyRequest): Promise<Member>;
  }
}

export const MSG_LOGIN_FIRST = '请先登录';
export const MSG_SESSION_OVER = '登录已过期，请重新登录';
export const MSG_BLOCKED = '账号已被冻结';

/**
 * Routes that may carry the session token in the `_token` query: only the chat socket, which a
 * browser opens without headers. Everywhere else a token in the URL (browser history, proxy and
 * server logs, Referer) is ignored. The game launch (/api/getGameUrl) is a call with the header;
 * the game page gets a one-time ticket, not the token.
 */
export const QUERY_TOKEN_ROUTES: ReadonlySet<string> = new Set([CHAT_SOCKET_PATH]);

/** The session token a request carries: `Authorization: Bearer <token>`, else (socket only) `_token`. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m?.[1]) return m[1];
  }
  if (!QUERY_TOKEN_ROUTES.has(request.routeOptions.url ?? '')) return null;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query && typeof query === 'object' ? query._token : undefined;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('member', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const result = await lookupSession(app.db, tokenOf(request));
      request.member = result.status === 'ok' ? result.member : null;
      return result;
    });

    app.decorate('requireMember', async (request: FastifyRequest) => {
      const result = await app.authenticate(request);
      switch (result.status) {
        case 'ok':
          return result.member;
        case 'password_reset':
          // A one-time login password: reading oneself, changing it and signing out only.
          if (PASSWORD_CHANGE_CALLS.has(request.routeOptions.url ?? '')) return result.member;
          throw new BusinessError(MSG_MUST_CHANGE_PASSWORD, 403);
        case 'blocked':
          throw new BusinessError(MSG_BLOCKED, 403);
        case 'session_limit':
          throw new BusinessError(MSG_SESSION_LIMIT_REACHED, 401);
        case 'missing':
          throw new BusinessError(MSG_LOGIN_FIRST, 401);
        default:
          throw new BusinessError(MSG_SESSION_OVER, 401);
      }
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
