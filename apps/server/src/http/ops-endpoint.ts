import type { CallDef, ParsedRequestOf, ReplyOf } from '@app/contract/define';
import { OPS_PREFIX } from '@app/contract/ops-fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cliActor, redactSecrets, writeAudit } from '../db/audit';
import { assertReplyMatches, DEFAULT_SUCCESS_MESSAGE, parseInput } from './endpoint';

export interface OpsContext<C extends CallDef> {
  /** The request after the call's parsing: its query (GET) or its body (POST). */
  input: ParsedRequestOf<C>;
  request: FastifyRequest;
}

export interface OpsResult<C extends CallDef> {
  /** The envelope's `data`, in the call's wire shape. */
  data: ReplyOf<C>;
  /** Default 成功. */
  message?: string;
  /** A refusal that still carries data (ledger:check's report): HTTP status and envelope code. */
  code?: number;
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
      const input = parseInput(call, raw) as ParsedRequestOf<C>;
      const result = await handler({ input, request });
      // Every write of the command line is in the audit log too. After the handler, not in its
      // transaction: operator jobs (draws, rebates) commit in several transactions of their own.
      if (request.method === 'POST' && (result.code ?? 200) === 200) {
        await writeAudit(app.db, cliActor(request.ip), { action: call.name, after: redactSecrets(input) });
      }
      if (app.config.checkReplies) assertReplyMatches(call, result.data);
      const code = result.code ?? 200;
      const envelope = { code, message: result.message ?? DEFAULT_SUCCESS_MESSAGE, data: result.data };
      return code === 200 ? envelope : reply.code(code).send(envelope);
    },
  });
}
