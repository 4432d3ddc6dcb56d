import type { CallDef, ReplyOf, WireEnvelope } from '@app/contract/define';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';

/* MSW handlers typed by the contract: the data a handler returns is the call's wire shape
 * (`z.input` of its response schema), so a test cannot reply with something the server could not. */

function route<C extends CallDef>(def: C, resolver: HttpResponseResolver) {
  return def.method === 'GET' ? http.get(def.path, resolver) : http.post(def.path, resolver);
}

/** Success: `{code: 200, message, data}`. */
export function reply<C extends CallDef>(def: C, data: ReplyOf<C>, message = 'ok') {
  return route(def, () => HttpResponse.json({ code: 200, message, data } satisfies WireEnvelope));
}

/** Success computed per request (to read the body, count calls, change the answer). */
export function replyWith<C extends CallDef>(
  def: C,
  make: (request: Request) => ReplyOf<C> | Promise<ReplyOf<C>>,
  message = 'ok',
) {
  return route(def, async ({ request }) =>
    HttpResponse.json({ code: 200, message, data: await make(request) } satisfies WireEnvelope),
  );
}

/** A failure: the HTTP status equals the code, as the server answers errors. */
export function fail(def: CallDef, code: number, message: string) {
  return route(def, () =>
    HttpResponse.json({ code, message, data: null } satisfies WireEnvelope, { status: code }),
  );
}

/** Any raw answer (non-JSON pages, odd shapes). */
export function raw(def: CallDef, body: string, init: ResponseInit & { contentType?: string } = {}) {
  const { contentType = 'text/html', ...rest } = init;
  return route(def, () => new HttpResponse(body, { ...rest, headers: { 'Content-Type': contentType } }));
}

/** No answer at all (connection refused). */
export function networkError(def: CallDef) {
  return route(def, () => HttpResponse.error());
}
