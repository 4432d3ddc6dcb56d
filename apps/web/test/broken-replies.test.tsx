import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, type AppRoute } from '@/app/routes';
import { TIMEOUT_MS } from '@/shared/api/client';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { server } from './msw/server';
import { renderApp } from './render';
import { ROUTE_QUERY as QUERY } from './route-queries';

/* Issue 7, faults (quality.md, Bad input): whatever the server answers — a reply missing fields, wrong
 * types, an HTML error page, no answer for longer than the client's timeout, no connection at all —
 * every route of the route table shows something a person can read (a message, an empty state, the
 * screen's frame) and no error escapes. The table is iterated, so a new route is covered by itself. */

/** Screens with a second face behind a query: the lottery room (the bare route lists the rooms). */
const EXTRA: { path: string; route: string }[] = [{ path: '/lottery?room_id=1', route: '/lottery' }];

interface Case {
  path: string;
  /** (login) and 'confirm' routes are opened by a member; the others by a visitor. */
  member: boolean;
}
const loginOf = (path: string) => appRoutes.find((r) => r.path === path)?.login ?? false;
const cases: Case[] = [
  ...appRoutes.map((r: AppRoute) => ({ path: r.path + (QUERY[r.path] ?? ''), member: r.login !== false })),
  ...EXTRA.map((e) => ({ path: e.path, member: loginOf(e.route) !== false })),
];

/**
 * Every call but the site info (/api/app): with it broken the site gate decides between the app and the
 * maintenance page, before any screen (its own case is at the end); with it whole the screens are reached.
 */
const API = /\/api\/(?!app(?:[?#]|$))/;
type Fault =
  'missing fields' | 'wrong types (string)' | 'wrong types (number)' | 'HTML 502' | 'network error';
const FAULTS: Record<Fault, () => Response> = {
  'missing fields': () => HttpResponse.json({ code: 200, message: '', data: {} }),
  'wrong types (string)': () => HttpResponse.json({ code: 200, message: '', data: 'x' }),
  // A number where lists (and objects) are expected.
  'wrong types (number)': () => HttpResponse.json({ code: 200, message: '', data: 7 }),
  'HTML 502': () =>
    new HttpResponse('<!doctype html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    }),
  'network error': () => HttpResponse.error(),
};

/* What escaped: errors reported to the window (uncaught in handlers, timers, React's root). */
const escaped: string[] = [];
const onError = (e: ErrorEvent) => escaped.push(String(e.error?.stack ?? e.message));
const onRejection = (e: PromiseRejectionEvent) => escaped.push(`unhandled rejection: ${String(e.reason)}`);
/** The routes whose screen fell to the error boundary (handled: it shows a message; listed at the end). */
const boundary = new Set<string>();

beforeAll(async () => {
  // Every screen's code, loaded once up front: a busy machine may take longer than a wait for an import.
  await Promise.all([
    ...appRoutes.map((r) => r.preload?.()),
    import('antd-mobile/es/components/toast'),
    import('@app/mobile/antd-render'),
  ]);
}, 60_000);
beforeEach(() => {
  escaped.length = 0;
  installFakeWebSocket();
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // The screens log what they could not read (DEV): expected here, and noisy.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
afterAll(() => {
  if (boundary.size > 0)
    console.info(`[broken replies] fell to the error boundary: ${[...boundary].join(', ')}`);
});

/** Visible text of an element, without the loading placeholders. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, '');

/**
 * Not blank: the screen's code is in, nothing is still loading in the screen, and the screen (or a
 * dialog or toast over it) says something. The error boundary's fallback counts only with its message.
 */
function expectMeaningful(label: string) {
  const main = document.querySelector('main.app-main');
  expect(main, `${label}: no screen frame`).not.toBeNull();
  if (!main) return;
  expect(document.querySelector('.screen-fallback'), `${label}: the screen's code never came`).toBeNull();
  expect(main.querySelectorAll('.block-state[role="status"]').length, `${label}: still loading`).toBe(0);
  const overlays = [...document.querySelectorAll('[role="dialog"], [role="alert"], .adm-toast-main')];
  const said = text(main) || overlays.map(text).join('');
  expect(said, `${label}: blank screen`).not.toBe('');
  const fallback = document.querySelector('.route-error');
  if (fallback) expect(text(fallback), `${label}: error boundary without a message`).not.toBe('');
}

function recordBoundary(label: string) {
  if (document.querySelector('.route-error')) boundary.add(label);
}

describe.each(Object.keys(FAULTS) as Fault[])('every /api call answers: %s', (fault) => {
  it.each(cases)('$path (member: $member) is never blank', async ({ path, member }) => {
    server.use(http.all(API, FAULTS[fault]));
    renderApp(path, { token: member ? 'tok' : undefined });
    const label = `${path} [${fault}]`;
    await waitFor(() => expectMeaningful(label), { timeout: 5_000 });
    // Let the replies that are still on their way land, then look again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expectMeaningful(label);
    recordBoundary(label);
    expect(escaped, `${label}: uncaught`).toEqual([]);
  });
});

describe(`every /api call stalls past the client's ${TIMEOUT_MS / 1000} s timeout`, () => {
  it.each(cases)('$path (member: $member) is never blank', async ({ path, member }) => {
    // Never answers; the client's timer (faked) gives up at TIMEOUT_MS.
    server.use(http.all(API, () => new Promise<never>(() => undefined)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderApp(path, { token: member ? 'tok' : undefined });
    const label = `${path} [stall]`;
    for (let waited = 0; waited <= TIMEOUT_MS + 5_000; waited += 2_500) {
      await act(() => vi.advanceTimersByTimeAsync(2_500));
    }
    expectMeaningful(label);
    recordBoundary(label);
    expect(escaped, `${label}: uncaught`).toEqual([]);
  });
});

describe.each([...(Object.keys(FAULTS) as Fault[]), 'stall'])('the site info answers: %s', (fault) => {
  it('the app still shows a frame or a message', async () => {
    const handler = fault === 'stall' ? () => new Promise<never>(() => undefined) : FAULTS[fault as Fault];
    server.use(http.all(/\/api\//, handler));
    if (fault === 'stall')
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderApp('/');
    if (fault === 'stall') {
      for (let waited = 0; waited <= TIMEOUT_MS + 5_000; waited += 2_500) {
        await act(() => vi.advanceTimersByTimeAsync(2_500));
      }
    }
    const check = () => {
      // The maintenance page (a reply read as site_state 0) is a message too.
      const maintenance = document.querySelector('main.maintenance');
      if (maintenance) expect(text(maintenance)).not.toBe('');
      else expectMeaningful(`site info [${fault}]`);
    };
    if (fault === 'stall') check();
    else await waitFor(check, { timeout: 5_000 });
    expect(escaped).toEqual([]);
  });
});

describe('the lottery room when its chat socket closes', () => {
  it('keeps the room on screen and says 连接已断开，重连中…', async () => {
    const sockets = installFakeWebSocket();
    renderApp('/lottery?room_id=1', { token: 'tok' });
    await screen.findByRole('list', { name: '聊天消息' });
    const roomText = text(document.querySelector('main.app-main'));
    const ws = sockets.latest();
    ws.open();
    await waitFor(() => expect(screen.queryByText('连接中…')).not.toBeInTheDocument());
    ws.drop(1006);
    expect(await screen.findByText('连接已断开，重连中…')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '聊天消息' })).toBeInTheDocument();
    expectMeaningful('/lottery?room_id=1 [socket closed]');
    expect(text(document.querySelector('main.app-main')).length).toBeGreaterThanOrEqual(roomText.length - 10);
    // A socket that fails before it ever opens does not blank the room either.
    const next = await waitFor(
      () => {
        const s = sockets.latest();
        expect(s).not.toBe(ws);
        return s;
      },
      { timeout: 10_000 },
    );
    next.drop(1006);
    expect(screen.getByRole('list', { name: '聊天消息' })).toBeInTheDocument();
    expect(screen.getByText('连接已断开，重连中…')).toBeInTheDocument();
    expect(escaped).toEqual([]);
  }, 20_000);
});
