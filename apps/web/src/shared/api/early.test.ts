import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lotteryRoom } from '@app/contract/lottery';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomReply } from '@test/msw/lottery';
import { server } from '@test/msw/server';
import { sessionActions } from '@/shared/session/store';
import { call } from './client';
import { EARLY_MAX_AGE_MS, type EarlyReply } from './early';

/* public/boot.js asks for the opened room's reply before the app runs; the API client takes it over
 * (early.ts): once, for the same URL and token only, and asks itself when it failed or is stale. */

// jsdom's URL is not Node's: resolve the path from the file's own path.
const bootJs = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../public/boot.js'), 'utf8');

/** Runs boot.js as the built page would: opened at `hash`, with the build's data attributes. */
function runBoot(hash: string, api = '') {
  window.location.hash = hash;
  const script = document.createElement('script');
  script.dataset.entry = './assets/index-test.js';
  script.dataset.hall = '';
  script.dataset.room = './assets/LotteryScreen-test.js';
  if (api) script.dataset.api = api;
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  // Indirect eval: global scope, as a classic script runs.
  (0, eval)(bootJs);
}

/** The room requests the server got: room_id and the token sent. */
function countRoomRequests() {
  const seen: { room: string | null; auth: string | null }[] = [];
  server.use(
    http.get(lotteryRoom.path, ({ request }) => {
      seen.push({
        room: new URL(request.url).searchParams.get('room_id'),
        auth: request.headers.get('Authorization'),
      });
      return HttpResponse.json({ code: 200, message: 'ok', data: roomReply(2) });
    }),
  );
  return seen;
}

/** Lets boot.js's request reach the server and its reply be read. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  delete window.__early;
  document.head.innerHTML = '';
  document.documentElement.className = '';
});
afterEach(() => {
  delete window.__early;
  window.location.hash = '';
  vi.restoreAllMocks();
});

describe('the early room reply (boot.js → API client)', () => {
  it('is asked for once by boot.js and taken over by the app, whose call sends nothing', async () => {
    sessionActions.signIn('tok-a', true);
    const seen = countRoomRequests();
    runBoot('#/lottery?room_id=7');
    await settle();
    expect(seen).toEqual([{ room: '7', auth: 'Bearer tok-a' }]);
    // boot.js also preloads the room screen's code.
    expect(document.head.querySelector('link[rel=modulepreload]')?.getAttribute('href')).toBe(
      './assets/LotteryScreen-test.js',
    );

    const room = await call(lotteryRoom, { room_id: 7 });
    expect(room.roomTitle).toBe('新手房'); // checked and normalised by the contract, as every reply
    expect(seen).toHaveLength(1);

    // Used once: the next load of the room asks the server.
    await call(lotteryRoom, { room_id: 7 });
    expect(seen).toHaveLength(2);
  });

  it('is asked for at the API base the build gives (data-api), as the app asks', async () => {
    sessionActions.signIn('tok-a', true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}'))),
    );
    runBoot('#/lottery?room_id=07', 'https://api.example.com/v1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('https://api.example.com/v1/api/lotteryRoom?room_id=7');
    expect(Object.keys(window.__early ?? {})).toEqual([
      'https://api.example.com/v1/api/lotteryRoom?room_id=7',
    ]);
    vi.unstubAllGlobals();
  });

  it('is not used for another room', async () => {
    sessionActions.signIn('tok-a', true);
    const seen = countRoomRequests();
    runBoot('#/lottery?room_id=7');
    await settle();
    await call(lotteryRoom, { room_id: 8 });
    expect(seen.map((s) => s.room)).toEqual(['7', '8']);
  });

  it("is not used for another member's token, and is dropped", async () => {
    sessionActions.signIn('tok-a', true);
    const seen = countRoomRequests();
    runBoot('#/lottery?room_id=7');
    await settle();
    sessionActions.signIn('tok-b', true);
    await call(lotteryRoom, { room_id: 7 });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer tok-a', 'Bearer tok-b']);
    expect(window.__early?.['/api/lotteryRoom?room_id=7']).toBeUndefined();
  });

  it('is not asked for by a visitor, nor outside a room', async () => {
    const seen = countRoomRequests();
    runBoot('#/lottery?room_id=7');
    sessionActions.signIn('tok-a', true);
    runBoot('#/lottery');
    runBoot('#/lottery?room_id=abc');
    runBoot('#/');
    await settle();
    expect(seen).toEqual([]);
    expect(window.__early).toBeUndefined();
  });

  it('falls back to the own request when the early one failed', async () => {
    sessionActions.signIn('tok-a', true);
    const seen = countRoomRequests();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    window.__early = { '/api/lotteryRoom?room_id=7': { token: 'tok-a', reply: failed } };
    await expect(call(lotteryRoom, { room_id: 7 })).resolves.toMatchObject({ roomTitle: '新手房' });
    expect(seen).toHaveLength(1);
  });

  it('falls back to the own request when the early reply is stale', async () => {
    sessionActions.signIn('tok-a', true);
    const seen = countRoomRequests();
    const old: EarlyReply = {
      status: 200,
      text: JSON.stringify({ code: 200, message: 'ok', data: roomReply(1) }),
      receivedAt: Date.now() - EARLY_MAX_AGE_MS - 1000,
    };
    window.__early = { '/api/lotteryRoom?room_id=7': { token: 'tok-a', reply: Promise.resolve(old) } };
    const room = await call(lotteryRoom, { room_id: 7 });
    expect(room.roomTitle).toBe('新手房'); // the server's reply (type 2), not the stale one (type 1)
    expect(seen).toHaveLength(1);
  });

  it('is checked against the contract like every reply', async () => {
    sessionActions.signIn('tok-a', true);
    const broken: EarlyReply = {
      status: 200,
      text: JSON.stringify({ code: 200, message: 'ok', data: { id: 'x' } }),
      receivedAt: Date.now(),
    };
    window.__early = { '/api/lotteryRoom?room_id=7': { token: 'tok-a', reply: Promise.resolve(broken) } };
    await expect(call(lotteryRoom, { room_id: 7 })).rejects.toMatchObject({ kind: 'format' });
  });
});
