import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
/** Where `npm run dev` sends the console's calls: a running server's console listener. */
const backend = process.env.CONSOLE_BACKEND ?? 'http://127.0.0.1:8090';

// The operators' console: its own build, served by the server on the console's own listener; none
// of it is ever part of the members' app.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@': src } },
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  // ws: the 客服工作台's socket (/api/support/socket) goes through the same proxy.
  server: { port: 5174, proxy: { '/api': { target: backend, ws: true } } },
});
