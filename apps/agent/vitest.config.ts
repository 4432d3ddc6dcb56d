import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const testDir = fileURLToPath(new URL('./test', import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': src, '@test': testDir } },
  test: {
    name: 'agent',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Screen tests import lazy routes and wait up to 5 s for them (test/setup.ts); CI has 2 cores.
    testTimeout: 20_000,
  },
});
