import {
  BACKGROUND_HEADER,
  CONSOLE_SESSION_COOKIE,
  CSRF_HEADER,
  MSG_CONSOLE_CSRF,
  MSG_CONSOLE_FORBIDDEN,
  MSG_CONSOLE_SIGNED_OUT,
  roleMayCall,
  type ConsoleCallDef,
  type OperatorRole,
} from '@app/contract/console-define';
import type { ParsedRequestOf, ReplyOf } from '@app/contract/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { redactSecrets, writeAudit, type Actor, type AuditEntry } from '../db/audit';
import { inTransaction } from '../db/scope';
import { assertReplyMatches, DEFAULT_SUCCESS_MESSAGE, parseInput } from './endpoint';
import { csrfMatches, lookupSession, type ConsoleOperator } from '../identity/operator-sessions';

export interface ConsoleContext<C extends ConsoleCallDef> {
  input: ParsedRequestOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in operator (or half-way signed in, on 'pending' calls). */
  operator: ConsoleOperator;
  /** The operator as the author of a write (audit log, reviewed_by). */
  actor: Actor;
  /**
   * Records this write in the audit log, in the call's transaction: the row commits with the change
   * or not at all. A write that records nothing gets one generic row (the call and its input).
   */
  audit: (entry: AuditEntry) => Promise<void>;
}

export interface ConsoleResult<C extends ConsoleCallDef> {
  data: ReplyOf<C>;
  message?: string;
}

export function sessionToken(request: FastifyRequest): string | null {
  return request.cookies[CONSOLE_SESSION_COOKIE] ?? null;
}

/**
 * The signed-in operator of a request that is not a call (a picture the console shows): 401 without
 * an active session, 403 when `roles` is given and the operator's role is not among them.
 */
export async function requireConsoleOperator(
  app: FastifyInstance,
  request: FastifyRequest,
  roles?: readonly OperatorRole[],
): Promise<ConsoleOperator> {
  const token = sessionToken(request);
  const operator = token ? await lookupSession(app.db, token) : null;
  if (!operator || operator.stage !== 'active') throw new BusinessError(MSG_CONSOLE_SIGNED_OUT, 401);
  if (roles && !roleMayCall(operator.role, { roles })) throw new BusinessError(MSG_CONSOLE_FORBIDDEN, 403);
  return operator;
}

/**
 * Registers a console call that needs no session (sign-in, sign-out): the request parsed by the
 * contract, the handler's reply in the envelope. The handler sets or clears the cookie itself.
 */
export function consolePublicEndpoint<C extends ConsoleCallDef>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: {
    input: ParsedRequestOf<C>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<ConsoleResult<C>>,
): void {
  if (call.auth !== 'console' || call.session !== 'none') {
    throw new Error(`${call.name} is not a console call without a session`);
  }
  app.route({
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      const raw = request.method === 'GET' ? request.query : (request.body ?? {});
      const input = parseInput(call, raw) as ParsedRequestOf<C>;
      const result = await handler({ input, request, reply });
      if (app.config.checkReplies) assertReplyMatches(call, result.data);
      return { code: 200, message: result.message ?? DEFAULT_SUCCESS_MESSAGE, data: result.data };
    },
  });
}

/**
 * Registers one console call: the session it needs (401 请先登录 otherwise), the role (403, checked on
 * the server for every call), the CSRF header on every POST (403), the request parsed by the contract
 * (400 with its message). A write runs in one transaction with its audit row.
 */
export function consoleEndpoint<C extends ConsoleCallDef>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: ConsoleContext<C>) => Promise<ConsoleResult<C>>,
  /** A larger body than the console's default, for the one call that carries an image. */
  opts: { bodyLimit?: number } = {},
): void {
  if (call.auth !== 'console' || call.session === 'none') {
    throw new Error(`${call.name} is not a console call that needs a session`);
  }
  app.route({
    method: call.method,
    url: call.path,
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler: async (request, reply) => {
      const token = sessionToken(request);
      const byPerson = request.headers[BACKGROUND_HEADER] !== '1';
      const operator = token ? await lookupSession(app.db, token, byPerson) : null;
      if (!token || !operator || operator.stage !== call.session) {
        throw new BusinessError(MSG_CONSOLE_SIGNED_OUT, 401);
      }
      if (!roleMayCall(operator.role, call)) throw new BusinessError(MSG_CONSOLE_FORBIDDEN, 403);
      if (request.method === 'POST') {
        const presented = request.headers[CSRF_HEADER];
        if (!csrfMatches(typeof presented === 'string' ? presented : undefined, token)) {
          throw new BusinessError(MSG_CONSOLE_CSRF, 403);
        }
      }
      const raw = request.method === 'GET' ? request.query : (request.body ?? {});
      const input = parseInput(call, raw) as ParsedRequestOf<C>;
      const actor: Actor = { operatorId: operator.id, name: operator.name, ip: request.ip };
      let audited = false;
      const audit = async (entry: AuditEntry) => {
        audited = true;
        await writeAudit(app.db, actor, entry);
      };
      const ctx: ConsoleContext<C> = { input, request, reply, operator, actor, audit };
      const result = call.write
        ? await inTransaction(app.db, async () => {
            const r = await handler(ctx);
            if (!audited) await audit({ action: call.name, after: redactSecrets(input) });
            return r;
          })
        : await handler(ctx);
      if (app.config.checkReplies) assertReplyMatches(call, result.data);
      return { code: 200, message: result.message ?? DEFAULT_SUCCESS_MESSAGE, data: result.data };
    },
  });
}
