import type { CallDef, ReplyOf, WireEnvelope } from '@app/contract/define';
import { delay, http, HttpResponse } from 'msw';

export interface SentRequest {
  body: unknown;
  key: string | null;
}

/**
 * A call that creates something, answered as the real server does: the first request creates
 * (`data`, `message`); a repeat under the first one's Idempotency-Key replays that answer; any other
 * repeat is refused with `refusal` (用户名已存在, 该卡号已绑定, …), as a double tap used to be.
 */
export function createsOnce<C extends CallDef>(
  def: C,
  answer: { data: ReplyOf<C>; message: string; refusal: string },
) {
  const sent: SentRequest[] = [];
  const handler = http.post(def.path, async ({ request }) => {
    const key = request.headers.get('Idempotency-Key');
    sent.push({ body: await request.json(), key });
    await delay(40); // the network's time: a second tap lands while the first request runs
    const first = sent[0];
    if (sent.length === 1 || (key !== null && key === first?.key)) {
      return HttpResponse.json({
        code: 200,
        message: answer.message,
        data: answer.data,
      } satisfies WireEnvelope);
    }
    return HttpResponse.json({ code: 400, message: answer.refusal, data: null } satisfies WireEnvelope, {
      status: 400,
    });
  });
  return { handler, sent };
}
