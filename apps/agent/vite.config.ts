import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@app/mobile/vite-precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // The server serves this build at /agent/ (apps/server/src/http/plugins/agent-static.ts).
  base: '/agent/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': src } },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically stays in the entry chunk: one request for the first load,
          // and modules run in source order (src/app/zod-jitless.ts, main.tsx's first import, before
          // zod creates a schema).
          groups: [{ name: 'index', tags: ['$initial'], priority: 2 }],
        },
      },
    },
  },
  server: { proxy: { '/api': backend } },
});
