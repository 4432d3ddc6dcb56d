import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@app/mobile/vite-precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // The server serves this build at /support/ (apps/server/src/http/plugins/support-static.ts).
  base: '/support/',
  plugins: [react(), precompress()],
  resolve: {
    // The page is written against React (its types, its tests: vitest runs it on React) and built on
    // Preact's React layer: 10 KB instead of React DOM's 69 KB gzip, for a first load under 60 KB
    // (test/budget.test.ts). Exact names only: '@' and the React entry points.
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
    // One JS file and one CSS file: the page runs in an opaque origin, where every file is a
    // cross-origin request (the server answers them with CORS headers, support-static.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], priority: 2 }] } },
    },
  },
  server: { proxy: { '/api': backend } },
});
