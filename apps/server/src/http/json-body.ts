import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../core/errors';

/** Deepest nesting of objects and arrays a JSON body may have (the contract's deepest is 3). */
export const MAX_JSON_DEPTH = 32;
export const MSG_JSON_TOO_DEEP = '请求内容层级过深';

/**
 * True when the JSON text nests objects / arrays deeper than `max`. One pass over the text, before
 * parsing: a body of 64 KB nested 30,000 deep would otherwise reach every recursive walk after it
 * (validation, hashing the request for its idempotency key) and end as a 500.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * The JSON parser of every call: an empty body counts as no body (clients send the JSON content type
 * on every call), and a body nested deeper than MAX_JSON_DEPTH is refused with 400 before parsing.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text)) return done(new BusinessError(MSG_JSON_TOO_DEEP, 400), undefined);
    return defaultJson(request, text, done);
  });
}
