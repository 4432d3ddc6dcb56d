import type { CallDef, RequestOf } from '@app/contract/define';
import type { OpsCommand } from './format';

/** A request as it goes to the server: GET fields in the query string, a POST's fields as JSON. */
export interface WireRequest {
  method: 'GET' | 'POST';
  /** Under OPS_PREFIX (/ops). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** The wire form of a call's request (undefined: nothing to send). */
export function wireRequest<C extends CallDef>(call: C, request: RequestOf<C>): WireRequest {
  if (call.method === 'POST') {
    return { method: call.method, path: call.path, ...(request === undefined ? {} : { body: request }) };
  }
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries((request ?? {}) as Record<string, unknown>)) {
    if (v !== undefined) query[k] = String(v);
  }
  return { method: call.method, path: call.path, ...(Object.keys(query).length > 0 ? { query } : {}) };
}

/** What a command sends for these arguments; a UsageError when they make no request. */
export function commandRequest(command: OpsCommand, args: string[]): WireRequest {
  return wireRequest(command.call, command.request(args));
}
