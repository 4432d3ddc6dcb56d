import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw';

configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what antd's layout code asks for.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
const getComputedStyle = window.getComputedStyle.bind(window);
// antd measures scrollbars through pseudo-elements, which jsdom does not implement.
window.getComputedStyle = (el: Element) => getComputedStyle(el);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  server.close();
});
