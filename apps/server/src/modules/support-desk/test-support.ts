/* Shared by the support desk's tests: a member's and a visitor's support token, calls with it, a
 * multipart image, and a clean desk (nobody online, nothing open) for each test. */
import { SUPPORT_IMAGE_FIELD } from '@app/contract/support-desk';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { advanceClock } from '../../core/clock';
import type { Reply, TestApp } from '../../../test/helpers';
import { dataOf } from '../../../test/helpers';

/** A real 1×1 PNG (the desk checks that an image decodes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let addressCounter = 0;
/** A fresh client address (the token calls are limited per address). */
export const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** getservicerurl's ticket for a signed-in member (from the address it answers). */
export async function ticketOf(t: TestApp, memberToken: string): Promise<string> {
  const { url } = dataOf<{ url: string }>(await t.post('/api/getservicerurl', {}, { token: memberToken }));
  const ticket = /[?&]t=([^&]+)$/.exec(url)?.[1];
  if (!ticket) throw new Error(`no ticket in ${url}`);
  return ticket;
}

/** A member's support token (through the ticket, as the page gets it). */
export async function memberDesk(t: TestApp, memberToken: string): Promise<string> {
  const r = await t.post(
    '/api/support/ticket',
    { ticket: await ticketOf(t, memberToken) },
    { remoteAddress: freshAddress() },
  );
  return dataOf<{ token: string }>(r).token;
}

/** A visitor's support token and key. */
export async function visitorDesk(t: TestApp, nickname = '访客甲', visitorKey?: string) {
  const r = await t.post(
    '/api/support/visitor',
    { nickname, ...(visitorKey ? { visitor_key: visitorKey } : {}) },
    { remoteAddress: freshAddress() },
  );
  return dataOf<{ token: string; visitor_key: string }>(r);
}

/** A support call with a support token. */
export const deskCall = (t: TestApp, token: string, path: string, body: unknown = {}) =>
  t.post(`/api/support/${path}`, body, { token });

/** Sends a text as the member or visitor (a second later than the last, past the rate limit). */
export async function say(t: TestApp, token: string, text: string) {
  advanceClock(1100);
  const r = await deskCall(t, token, 'send', { text });
  return dataOf<{
    conversation: { id: number; state: string; operator: string | null; left_offline: boolean };
  }>(r);
}

/** The refusal's status and message. */
export function expectRefusal(r: Reply, status: number, message: string): void {
  expect({ status: r.status, message: r.body?.message }).toEqual({ status, message });
}

interface SentMessage {
  id: number;
  kind: string;
  image: string | null;
}

/** POSTs an image as the page does (multipart). */
export async function sendImage(t: TestApp, token: string, data: Buffer = PNG, type = 'image/png') {
  const boundary = 'supportDeskBoundary42';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${SUPPORT_IMAGE_FIELD}"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/image',
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const body = JSON.parse(res.body) as { message: string; data: { message: SentMessage } | null };
  return { status: res.statusCode, ...body };
}

/** Nobody online, every conversation closed: each test starts at an empty desk. */
export async function clearDesk(t: TestApp): Promise<void> {
  await t.db.execute(sql`update support_operators set online = false`);
  await t.db.execute(
    sql`update support_conversations set state = 'closed', closed_at = now() where state <> 'closed'`,
  );
}
