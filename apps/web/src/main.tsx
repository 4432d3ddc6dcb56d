// First, before anything that creates a zod schema (see the file).
import './app/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { holdCalls } from '@/shared/api/client';
import { preloadToast } from '@/shared/ui/toast';
// The entry is the one place above src/app: it starts the app (relative imports, as src/app's parent).
import { App } from './app/App';
import { bootFrameShown, seedFromBootFrame } from './app/boot-frame';
import { createQueryClient } from './app/providers';
import { prepareScreen, preloadScreen, screenPrepares } from './app/routes';
import { installSessionOver } from './app/session-over';
// antd-mobile's theme variables (components are imported one by one, without its global CSS), then ours.
import 'antd-mobile/es/global';
import './app/app.css';
import './app/boot-frame.css';
// The banner box's carousel (shared/ui) with the box itself: the hall's first paint is its banner.
import './shared/ui/carousel.css';

const queryClient = createQueryClient();
installSessionOver(queryClient);

// The opened route's screen loads alongside the entry's first render, not after it; a screen that
// prepares its first data (the lottery room) has it in the cache before that render.
const [openedPath = '', openedSearch = ''] = window.location.hash.replace(/^#/, '').split('?');
const screenLoaded = preloadScreen(openedPath || '/');
/** Longest wait for a screen's first data before the app renders anyway (with its loading state). */
const PREPARE_WAIT_MS = 1000;
const screenPrepared = screenPrepares(openedPath)
  ? prepareScreen(openedPath, openedSearch, queryClient, PREPARE_WAIT_MS)
  : null;
// The hall's banners came with the page (index.html's first frame): no second fetch, no flash.
seedFromBootFrame(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;

function start() {
  const reactRoot = createRoot(root);
  // As a transition, React renders in slices that leave the page responsive between them, instead of
  // in one long task; what shows meanwhile (index.html's first frame) stays until the whole commits.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

// index.html's first frame of the hall stays until the hall's code is here, and React replaces it with
// the hall itself, not with a loading state in between (which would flash). A screen that prepares its
// first data (the lottery room): once its code and that data are here (at most PREPARE_WAIT_MS), for the
// same reason. Elsewhere: at once, as the screen shows its loading state under the header.
if (bootFrameShown()) void screenLoaded.then(start);
else if (screenPrepared) void screenPrepared.then(startFirstPaintFirst);
else start();

/** Longest hold of the app's other requests, should the screen's first render not commit. */
const FIRST_PAINT_WAIT_MS = 1000;
/**
 * A prepared screen (the lottery room) has its data: its first render paints before the app's other
 * first requests (member, balance, notices, site) go out, which would otherwise share the network and
 * the main thread with it. They wait (holdCalls), and go once the render has committed and painted,
 * or after FIRST_PAINT_WAIT_MS.
 */
function startFirstPaintFirst() {
  const release = holdCalls();
  let resumed = false;
  const resume = () => {
    if (resumed) return;
    resumed = true;
    observer.disconnect();
    release();
  };
  // The commit replaces #root's content; the requests go once the frame it makes is on screen.
  const observer = new MutationObserver(() => {
    observer.disconnect();
    afterPresented(resume);
  });
  observer.observe(root, { childList: true });
  setTimeout(resume, FIRST_PAINT_WAIT_MS);
  start();
}

/**
 * Calls `run` once the frame being made now is on screen. A frame is presented after its main-thread
 * work (a task queued from requestAnimationFrame can run before it); the browser's paint entries come
 * after the presentation. Where it has none: after the next frame's requestAnimationFrame.
 */
function afterPresented(run: () => void) {
  const since = performance.now();
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes('largest-contentful-paint')) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
    return;
  }
  const paints = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.startTime >= since)) return;
    paints.disconnect();
    run();
  });
  paints.observe({ type: 'largest-contentful-paint', buffered: true });
}

// Toast's code (and its animation library) arrives when the browser is idle, ahead of the first message;
// not before a second after the page's load, so that it does not share the network and the main thread
// with the opened screen's first requests and paint (a toast before then loads it on demand).
const TOAST_AFTER_LOAD_MS = 1000;
function preloadToastWhenIdle() {
  if ('requestIdleCallback' in window) window.requestIdleCallback(preloadToast, { timeout: 5000 });
  else preloadToast();
}
function afterLoad(run: () => void) {
  if (document.readyState === 'complete') setTimeout(run, TOAST_AFTER_LOAD_MS);
  else window.addEventListener('load', () => setTimeout(run, TOAST_AFTER_LOAD_MS), { once: true });
}
afterLoad(preloadToastWhenIdle);
