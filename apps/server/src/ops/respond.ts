import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { firstIssueMessage } from '../http/endpoint';
import { BusinessError } from '../core/errors';

/** The envelope of an operator reply. */
export function ok<T>(data: T, message = '成功') {
  return { code: 200, message, data };
}

/** Parses an operator request's body (POST) or query (GET) with a zod schema; 400 on failure. */
export function parseOps<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.method === 'GET' ? request.query : (request.body ?? {}));
  if (!parsed.success) throw new BusinessError(firstIssueMessage(parsed.error));
  return parsed.data;
}
