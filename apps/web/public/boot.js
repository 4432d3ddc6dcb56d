// Runs in <head>, before the first paint. The build inlines it there, minified (vite.config.ts), and
// the server's Content-Security-Policy allows it by the hash the build writes (dist/csp.json); the
// dev server loads it as this file.
//
// 1. Marks <html> for src/app/boot-frame.css: 'boot-away' when the opened route is not the hall, so
//    that index.html's first frame of the hall stays hidden there; 'boot-member' when a session token
//    is kept (src/shared/session/store.ts), so that the frame leaves out 登录 / 注册.
// 2. Starts the app. The build moves the entry's module script here (data-entry, see vite.config.ts):
//    on the hall it is added once the frame and its banner have painted, so that the banner, the
//    page's largest paint, does not share the network and the main thread with the app's code first;
//    the hall screen's chunk (data-hall) comes alongside it.
// 3. Elsewhere, the entry is asked for at once and runs once the page is parsed. In a lottery room, for
//    a member: the room screen's chunks (data-room) come alongside the entry, and the room's reply (/api/lotteryRoom, at the app's API base, data-api) is asked for at once,
//    as the app would ask (src/shared/api/client.ts); the app takes it over from window.__early
//    (src/shared/api/early.ts) instead of asking after its code has arrived.
(function () {
  'use strict';
  const root = document.documentElement;
  const route = window.location.hash.replace(/^#/, '');
  const path = route.split('?')[0];
  const hall = path === '' || path === '/';
  if (!hall) root.classList.add('boot-away');
  let token = null;
  try {
    // As the app restores it (src/shared/session/store.ts): this tab's, else the one 自动登录 kept.
    token = window.sessionStorage.getItem('token') || window.localStorage.getItem('token') || null;
  } catch {
    // Storage disabled (private mode): the app decides once it runs.
  }
  if (token) root.classList.add('boot-member');

  const script = document.currentScript;
  const entry = script && script.dataset.entry;
  if (!entry) return; // the dev server loads the entry itself

  const room = token ? roomId() : null;
  if (room !== null) fetchRoom(room);

  /** The room of #/lottery?room_id=, read as src/features/lottery/rules.ts reads it; null elsewhere. */
  function roomId() {
    if (path !== '/lottery') return null;
    const raw = new URLSearchParams(route.slice(path.length + 1)).get('room_id');
    const id = raw !== null && /^\d{1,12}$/.test(raw.trim()) ? Number(raw) : 0;
    return id >= 1 ? id : null;
  }

  /** The room's reply, asked for with the URL and headers of the app's own request (client.ts). */
  function fetchRoom(id) {
    const url = (script.dataset.api || '') + '/api/lotteryRoom?room_id=' + id;
    const reply = window
      .fetch(url, {
        method: 'GET',
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      })
      .then((res) => res.text().then((text) => ({ status: res.status, text, receivedAt: Date.now() })));
    reply.catch(() => {}); // a failure is the app's to see (it then asks again), not an unhandled one
    const early = window.__early || (window.__early = Object.create(null));
    early[url] = { token, reply };
  }

  /** Longest wait for the banner: a slow picture must not hold the app back for long. */
  const BANNER_WAIT_MS = 1000;
  /** Asks for the screen's code (and in a room the entry's) as the entry's loader would (crossorigin). */
  function preload(files) {
    for (const file of files) {
      const link = document.createElement('link');
      if (file.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  }
  const code = (hall ? script.dataset.hall : room !== null ? script.dataset.room : '') || '';
  const files = code.split(' ').filter(Boolean);
  // Elsewhere than the hall nothing paints before the app: its code is asked for now, from <head>, not
  // once the page is parsed; the entry runs then (it needs #root), from what has arrived meanwhile.
  if (!hall) preload(room !== null ? files.concat(entry) : [entry]);
  let started = false;
  function start() {
    if (started) return;
    started = true;
    // The hall's screen code alongside the entry, not one round trip after it (the entry asks for it
    // first thing).
    if (hall) preload(files);
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  }
  /** After the next paint: requestAnimationFrame runs before it, a task queued from there after it. */
  function afterPaint() {
    window.requestAnimationFrame(() => window.setTimeout(start, 0));
  }

  function whenParsed() {
    if (!hall) return start();
    const banner = document.querySelector('.boot-banner-image');
    if (!banner) return afterPaint();
    window.setTimeout(start, BANNER_WAIT_MS);
    banner.addEventListener('error', start);
    // The browser says when the banner is on screen (largest-contentful-paint entries come once the
    // frame is presented); where it cannot, after its load and the next paint.
    const observable = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (observable.indexOf('largest-contentful-paint') < 0) {
      if (banner.complete) afterPaint();
      else banner.addEventListener('load', afterPaint);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.element === banner)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // The entry needs the whole page (#root), and this runs in <head>.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
