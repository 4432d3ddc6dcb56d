import type { CallDef, ParsedRequestOf, ReplyOf } from '@app/contract/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MSG_LOGIN_FIRST } from './plugins/auth';
import { BusinessError } from '../core/errors';
import type { Member } from '../identity/sessions';
import { once, readIdempotencyKey, requestHash, type StoredReply } from './idempotency';
import { readMultipart, type UploadedFile } from './multipart';

export const DEFAULT_SUCCESS_MESSAGE = '成功';

export interface EndpointContext<C extends CallDef, M extends CallDef = C> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request after the contract's parsing (by M's schema when the request was multipart). */
  input: ParsedRequestOf<C> | ParsedRequestOf<M>;
  /** True when the request was multipart (then `input` is M's). */
  multipart: boolean;
  /** Files of a multipart request, by field name. */
  files: Map<string, UploadedFile>;
  /** The signed-in member; a 401 when there is none (use on 'member' calls). */
  readonly member: Member;
  /** The member when a valid token was sent ('optional' calls), else null. */
  readonly optionalMember: Member | null;
}

export interface EndpointResult<C extends CallDef> {
  /** The envelope's `data`, in the contract's wire shape. */
  data: ReplyOf<C>;
  message?: string;
}

/** A money call done in one statement: its parsed request, the member and the Idempotency-Key. */
export interface StatementContext<C extends CallDef> {
  input: ParsedRequestOf<C>;
  member: Member;
  idem: { key: string | null; hash: string };
}

export interface EndpointOptions<C extends CallDef, M extends CallDef = C> {
  handler?: (ctx: EndpointContext<C, M>) => Promise<EndpointResult<C>>;
  /**
   * Instead of `handler`, for a money call whose claim, work and stored reply are one SQL statement
   * (http/idempotency.ts oneStatement): it answers the exact reply to send and to replay.
   */
  statement?: (ctx: StatementContext<C>) => Promise<StoredReply>;
  /** A second call on the same method and path, used when the request is multipart. */
  multipartCall?: M;
  /** Per client IP: at most `max` calls per `timeWindow` (ms or '1 minute'). */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
}

/** A Chinese message for the first problem: the contract's own text, else a generic one naming the field. */
/** A request's fields parsed by its call; a 400 with the first issue's message otherwise. */
export function parseInput(call: CallDef, raw: unknown): unknown {
  const parsed = call.request.safeParse(raw);
  if (!parsed.success) throw new BusinessError(firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Tests' check (config checkReplies) that a handler's reply has its call's wire shape. */
export function assertReplyMatches(call: CallDef, data: unknown): void {
  const check = call.response.safeParse(data);
  if (!check.success) {
    throw new Error(`reply of ${call.name} breaks the contract: ${JSON.stringify(check.error.issues)}`);
  }
}

export function firstIssueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数错误';
  const chinese = chineseMessage(issue);
  if (chinese) return chinese;
  const field = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  return field ? `参数错误：${field}` : '请求参数错误';
}

const CJK = /[\u4e00-\u9fff]/;

/** The issue's own Chinese text, or the first Chinese text among a union's alternatives. */
function chineseMessage(issue: z.core.$ZodIssue): string | null {
  if (CJK.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_union') {
    for (const alternative of issue.errors) {
      for (const inner of alternative) {
        const found = chineseMessage(inner);
        if (found) return found;
      }
    }
  }
  return null;
}

/** True when any string in the value (nested objects and arrays included) contains a NUL character. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  }
  return false;
}

/** A statement call: the key and the request checked as once() would, then the one statement. */
async function runStatement<C extends CallDef>(
  call: C,
  statement: (ctx: StatementContext<C>) => Promise<StoredReply>,
  request: FastifyRequest,
  member: Member,
  raw: unknown,
  files: Map<string, UploadedFile>,
): Promise<StoredReply> {
  const key = readIdempotencyKey(request);
  if (hasNul(raw)) throw new BusinessError('参数包含非法字符');
  const input = parseInput(call, raw) as ParsedRequestOf<C>;
  const hash = requestHash(request.method, call.path, raw, files);
  return statement({ input, member, idem: { key, hash } });
}

/** Refuses a registration that would open an operator call or mix a handler with a statement. */
function checkRegistration<C extends CallDef, M extends CallDef>(call: C, opts: EndpointOptions<C, M>): void {
  // Operator calls carry their own guard (ops/plugin.ts); here they would be open to anyone.
  if (call.auth === 'operator')
    throw new Error(`${call.name} is an operator call: register it with opsEndpoint`);
  if (call.auth === 'console')
    throw new Error(
      `${call.name} is a console call: register it on the console's listener (consoleEndpoint)`,
    );
  const money = call.money || (opts.multipartCall?.money ?? false);
  if (!opts.handler === !opts.statement) throw new Error(`${call.name}: give either handler or statement`);
  if (opts.statement && (!money || call.auth !== 'member' || opts.multipartCall || call.multipart))
    throw new Error(`${call.name}: a statement call is a member's money call without files`);
}

/**
 * Registers one call of the contract: its method and path, its request parsed by the contract
 * (body for POST — JSON or urlencoded —, query for GET), its `auth`, and the `{code: 200, message,
 * data}` envelope around the handler's reply. Every refusal is a BusinessError for the error handler.
 */
export function endpoint<C extends CallDef, M extends CallDef = C>(
  app: FastifyInstance,
  call: C,
  opts: EndpointOptions<C, M>,
): void {
  checkRegistration(call, opts);
  // A creating call (contract `idempotent`) replays its first reply to a repeat, as a money call does.
  const money = call.money || call.idempotent || (opts.multipartCall?.money ?? false);
  const { handler, statement } = opts;
  app.route({
    method: call.method,
    url: call.path,
    config: opts.rateLimit ? { rateLimit: opts.rateLimit } : {},
    handler: async (request, reply) => {
      let member: Member | null = null;
      if (call.auth === 'member') {
        member = await app.requireMember(request);
      } else if (call.auth === 'optional') {
        const found = await app.authenticate(request);
        member = found.status === 'ok' ? found.member : null;
      }

      const isMultipart = request.isMultipart();
      const multipartDef: CallDef | null = opts.multipartCall ?? (call.multipart ? call : null);
      if (isMultipart && !multipartDef) throw new BusinessError('不支持的请求格式', 415);
      let raw: unknown;
      let files = new Map<string, UploadedFile>();
      if (isMultipart) {
        const form = await readMultipart(request);
        raw = form.fields;
        files = form.files;
      } else {
        raw = call.method === 'GET' ? request.query : request.body;
      }
      const def: CallDef = isMultipart && multipartDef ? multipartDef : call;

      if (statement && member) {
        const stored = await runStatement(call, statement, request, member, raw, files);
        return reply.code(stored.status).type('application/json; charset=utf-8').send(stored.body);
      }

      const run = async (): Promise<{ code: 200; message: string; data: unknown }> => {
        // PostgreSQL text cannot hold NUL; refuse it here rather than fail in a query.
        if (hasNul(raw)) throw new BusinessError('参数包含非法字符');

        const ctx: EndpointContext<C, M> = {
          request,
          reply,
          input: parseInput(def, raw) as ParsedRequestOf<C>,
          multipart: isMultipart,
          files,
          get member(): Member {
            if (!member) throw new BusinessError(MSG_LOGIN_FIRST, 401);
            return member;
          },
          optionalMember: member,
        };
        if (!handler) throw new Error(`${call.name} has no handler`);
        const result = await handler(ctx);

        if (app.config.checkReplies) assertReplyMatches(def, result.data);
        return { code: 200, message: result.message ?? DEFAULT_SUCCESS_MESSAGE, data: result.data ?? null };
      };

      if (!money || !member) return run();

      // Money and creating calls: one transaction with the Idempotency-Key's claim and stored reply
      // (idempotency.ts); a duplicate replays the stored reply. Without a key the call runs once.
      const key = readIdempotencyKey(request);
      const hash = requestHash(request.method, call.path, raw, files);
      const stored = await once(app.db, member.id, key, hash, run);
      return reply.code(stored.status).type('application/json; charset=utf-8').send(stored.body);
    },
  });
}
