import '@testing-library/jest-dom/vitest';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { cleanup, configure } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { registerAntdRender, unmountAntdRoots } from '../antd-render';

/**
 * What every screen test of an app on antd-mobile needs, called once from its vitest setup file: jsdom
 * made good enough for antd-mobile, the app's MSW `server` around each file, and a clean page after each
 * test. `resetApp` clears the app's own state (session, stores) between the page and the timers.
 */
export function setUpScreenTests(server: SetupServer, resetApp: () => void): void {
  registerAntdRender();

  // Screens are lazy routes: on a loaded 2-core CI machine their first import can take more than the
  // default 1 s of findBy*/waitFor. Absent elements still fail, only later.
  configure({ asyncUtilTimeout: 5000 });

  // jsdom does not scroll.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // jsdom has no pointer capture; antd-mobile's Popup (its drag gesture) calls it on a tap.
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
    // What antd-mobile rendered into <body> (a dialog still animating out) must not reach the next test.
    document.body.innerHTML = '';
    server.resetHandlers();
    resetApp();
    vi.useRealTimers();
  });
  afterAll(async () => {
    // An unmount leaves React work on its scheduler (passive effects, on setImmediate): let it run while
    // jsdom's window exists, or it throws after the file ends.
    Toast.clear();
    Dialog.clear();
    unmountAntdRoots();
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setImmediate(resolve));
    }
    server.close();
  });
}
