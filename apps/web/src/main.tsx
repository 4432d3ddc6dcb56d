// First, before anything that creates a zod schema (see the file).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadToast } from '@/shared/ui/toast';
// The entry is the one place above src/app: it starts the app (relative imports, as src/app's parent).
import { App } from './app/App';
import { createQueryClient } from './app/providers';
import { preloadScreen } from './app/routes';
import { installSessionOver } from './app/session-over';
// antd-mobile's theme variables (components are imported one by one, without its global CSS), then ours.
import 'antd-mobile/es/global';
import './app/app.css';

// The opened route's screen loads alongside the entry's first render, not after it.
preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/');

const queryClient = createQueryClient();
installSessionOver(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);

// Toast's code (and its animation library) arrives when the browser is idle, ahead of the first message.
if ('requestIdleCallback' in window) window.requestIdleCallback(preloadToast, { timeout: 5000 });
else setTimeout(preloadToast, 3000);
