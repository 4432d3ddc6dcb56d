// First, before anything that creates a zod schema (see the file).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The entry is the one place above src/app: it starts the app (relative imports, as src/app's parent).
import { App } from './app/App';
import { createQueryClient } from './app/providers';
import { installSessionOver } from './app/session-over';
// antd-mobile's theme variables (components are imported one by one, without its global CSS), then ours.
import 'antd-mobile/es/global';
import './app/app.css';
import './app/blocks.css';

const queryClient = createQueryClient();
installSessionOver(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
