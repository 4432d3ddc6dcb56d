import type { CallDef, ParsedRequestOf, ReplyOf } from '@app/contract/define';
import {
  MSG_OPS_OPERATOR,
  OPS_OPERATOR_HEADER,
  OPS_OPERATOR_PATTERN,
  OPS_PREFIX,
} from '@app/contract/ops-fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../core/errors';
import { cliActor, redactSecrets, writeAudit, type Actor } from '../db/audit';
import { assertReplyMatches, DEFAULT_SUCCESS_MESSAGE, parseInput } from './endpoint';

export interface OpsContext<C extends CallDef> {
  /** The request after the call's parsing: its query (GET) or its body (POST). */
  input: ParsedRequestOf<C>;
  request: FastifyRequest;
  /** The command line as the author of a write: 命令行（who ran it）. */
  actor: Actor;
}

export interface OpsResult<C extends CallDef> {
  /** The envelope's `data`, in the call's wire shape. */
  data: ReplyOf<C>;
  /** Default 成功. */
  message?: string;
  /** A refusal that still carries data (ledger:check's report): HTTP status and envelope code. */
  code?: number;
}

/** The author of a command: the name the command line sends (400 when it is not a name). */
function actorOf(request: FastifyRequest): Actor {
  const who = request.headers[OPS_OPERATOR_HEADER];
  if (who === undefined) return cliActor(request.ip);
  if (typeof who !== 'string' || !OPS_OPERATOR_PATTERN.test(who))
    throw new BusinessError(MSG_OPS_OPERATOR, 400);
  return cliActor(request.ip, who);
}

/** The request's own fields as sent (amounts in yuan as typed), for the audit row; secrets masked. */
function asSent(raw: unknown, input: unknown): unknown {
  if (!raw || typeof raw !== 'object' || !input || typeof input !== 'object') return redactSecrets(input);
  const sent = raw as Record<string, unknown>;
  return redactSecrets(Object.fromEntries(Object.keys(input).map((k) => [k, sent[k]])));
}

/**
 * Registers one operator call of the contract (auth 'operator', mounted by the operator plugin under
 * OPS_PREFIX): its request parsed by the call (400 with the first issue's message), the handler's
 * reply in the `{code, message, data}` envelope. Refusals are BusinessErrors for the error handler.
 */
export function opsEndpoint<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: OpsContext<C>) => Promise<OpsResult<C>>,
): void {
  if (call.auth !== 'operator' || !call.path.startsWith(`${OPS_PREFIX}/`)) {
    throw new Error(`${call.name} is not an operator call under ${OPS_PREFIX}`);
  }
  app.route({
    method: call.method,
    url: call.path.slice(OPS_PREFIX.length),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.method === 'GET' ? request.query : (request.body ?? {});
      const actor = actorOf(request);
      const input = parseInput(call, raw) as ParsedRequestOf<C>;
      const result = await handler({ input, request, actor });
      // Every write of the command line is in the audit log too. After the handler, not in its
      // transaction: operator jobs (draws, rebates) commit in several transactions of their own.
      if (request.method === 'POST' && (result.code ?? 200) === 200) {
        await writeAudit(app.db, actor, { action: call.name, after: asSent(raw, input) });
      }
      if (app.config.checkReplies) assertReplyMatches(call, result.data);
      const code = result.code ?? 200;
      const envelope = { code, message: result.message ?? DEFAULT_SUCCESS_MESSAGE, data: result.data };
      return code === 200 ? envelope : reply.code(code).send(envelope);
    },
  });
}
