import '@testing-library/jest-dom/vitest';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setSessionOverHandler } from '@/shared/api/client';
import { sessionActions } from '@/shared/session/store';
import { registerAntdRender, unmountAntdRoots } from '@/shared/ui/antd-render';
import { server } from './msw/server';

registerAntdRender();

// Screens are lazy routes: on a loaded 2-core CI machine their first import can take more than the
// default 1 s of findBy*/waitFor. Absent elements still fail, only later.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll, and has no pointer capture (antd-mobile's Popup calls it on a tap).
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  Toast.clear();
  Dialog.clear();
  // Not when their closing animation ends, which on a loaded machine can be after the file's jsdom is gone.
  unmountAntdRoots();
  document.body.innerHTML = '';
  server.resetHandlers();
  setSessionOverHandler(null);
  sessionActions.signOut();
  localStorage.clear();
  vi.useRealTimers();
});
afterAll(async () => {
  // An unmount leaves React work on its scheduler: let it run while jsdom's window exists.
  Toast.clear();
  Dialog.clear();
  unmountAntdRoots();
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setImmediate(resolve));
  }
  server.close();
});
