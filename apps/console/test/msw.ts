import type { CallDef, ReplyOf, RequestOf } from '@app/contract/define';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The console's calls answered in tests (no handler: the test fails on the unhandled request). */
export const server = setupServer();

const url = (path: string) => `${window.location.origin}${path}`;

/** Answers a console call with `data` (code 200) or a refusal `{status, message}`. */
export function answer<C extends CallDef>(
  call: C,
  reply:
    | ReplyOf<C>
    | { refuse: { status: number; message: string } }
    | ((input: RequestOf<C>) => ReplyOf<C> | { refuse: { status: number; message: string } }),
) {
  const handler = async ({ request }: { request: Request }) => {
    const input = (
      call.method === 'GET'
        ? Object.fromEntries(new URL(request.url).searchParams)
        : await request.json().catch(() => ({}))
    ) as RequestOf<C>;
    const r = typeof reply === 'function' ? (reply as (i: RequestOf<C>) => unknown)(input) : reply;
    if (r && typeof r === 'object' && 'refuse' in r) {
      const { status, message } = (r as { refuse: { status: number; message: string } }).refuse;
      return HttpResponse.json({ code: status, message, data: null }, { status });
    }
    return HttpResponse.json({ code: 200, message: '成功', data: r });
  };
  return call.method === 'GET' ? http.get(url(call.path), handler) : http.post(url(call.path), handler);
}
