import type { ReplyOf } from '@app/contract/define';
import { lotteryRoom } from '@app/contract/lottery';
import { http, HttpResponse } from 'msw';
import { server } from './server';

/** Answers GET /api/lotteryRoom with `replies` in turn (the last one from then on), counting calls. */
export function roomReplies(...replies: ReplyOf<typeof lotteryRoom>[]) {
  const calls: string[] = [];
  server.use(
    http.get(lotteryRoom.path, ({ request }) => {
      calls.push(new URL(request.url).searchParams.get('room_id') ?? '');
      const data = replies[Math.min(calls.length, replies.length) - 1];
      return HttpResponse.json({ code: 200, message: 'ok', data });
    }),
  );
  return calls;
}
