// First, before anything that creates a zod schema (see the file).
import './app/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadToast } from '@/shared/ui/toast';
// The entry is the one place above src/app: it starts the app (relative imports, as src/app's parent).
import { App } from './app/App';
import { bootFrameShown, seedFromBootFrame } from './app/boot-frame';
import { createQueryClient } from './app/providers';
import { preloadScreen } from './app/routes';
import { installSessionOver } from './app/session-over';
// antd-mobile's theme variables (components are imported one by one, without its global CSS), then ours.
import 'antd-mobile/es/global';
import './app/app.css';
import './app/boot-frame.css';
// The banner box's carousel (shared/ui) with the box itself: the hall's first paint is its banner.
import './shared/ui/carousel.css';

// The opened route's screen loads alongside the entry's first render, not after it.
const screenLoaded = preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/');

const queryClient = createQueryClient();
installSessionOver(queryClient);
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
// the hall itself, not with a loading state in between (which would flash). Elsewhere: at once, as the
// screen shows its loading state under the header.
if (bootFrameShown()) void screenLoaded.then(start);
else start();

// Toast's code (and its animation library) arrives when the browser is idle, ahead of the first message.
if ('requestIdleCallback' in window) window.requestIdleCallback(preloadToast, { timeout: 5000 });
else setTimeout(preloadToast, 3000);
