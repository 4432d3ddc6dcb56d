// Runs in <head>, before the first paint (a file, not inline: the Content-Security-Policy allows only
// our own scripts).
//
// 1. Marks <html> for src/app/boot-frame.css: 'boot-away' when the opened route is not the hall, so
//    that index.html's first frame of the hall stays hidden there; 'boot-member' when a session token
//    is kept (src/shared/session/store.ts), so that the frame leaves out 登录 / 注册.
// 2. Starts the app. The build moves the entry's module script here (data-entry, see vite.config.ts):
//    on the hall it is added once the frame and its banner have painted, so that the banner, the
//    page's largest paint, does not share the network and the main thread with the app's code first;
//    the hall screen's chunk (data-hall) comes alongside it.
(function () {
  'use strict';
  const root = document.documentElement;
  const path = window.location.hash.replace(/^#/, '').split('?')[0];
  const hall = path === '' || path === '/';
  if (!hall) root.classList.add('boot-away');
  try {
    if (window.sessionStorage.getItem('token') || window.localStorage.getItem('token')) {
      root.classList.add('boot-member');
    }
  } catch {
    // Storage disabled (private mode): the app decides once it runs.
  }

  const script = document.currentScript;
  const entry = script && script.dataset.entry;
  if (!entry) return; // the dev server loads the entry itself

  /** Longest wait for the banner: a slow picture must not hold the app back for long. */
  const BANNER_WAIT_MS = 1000;
  let started = false;
  function start() {
    if (started) return;
    started = true;
    // The hall's own code alongside the entry, not one round trip after it (the entry asks for it first
    // thing); as the entry's loader would ask (crossorigin), so that it takes these.
    if (hall) {
      for (const file of (script.dataset.hall || '').split(' ').filter(Boolean)) {
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
