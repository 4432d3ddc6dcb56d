import type { CallDef, RequestOf } from '@app/contract/define';
import { http, HttpResponse } from 'msw';

/**
 * Answers a console call with a 待复核 ticket and the server's message (what `answer` of ./msw cannot:
 * it always says 成功). `seen` collects what was sent.
 */
export function answerTicket<C extends CallDef>(
  call: C,
  ticket: { review_id: number; summary: string },
  message: string,
  seen?: RequestOf<C>[],
) {
  return http.post(`${window.location.origin}${call.path}`, async ({ request }) => {
    seen?.push((await request.json()) as RequestOf<C>);
    return HttpResponse.json({ code: 200, message, data: ticket });
  });
}
