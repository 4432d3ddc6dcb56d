import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { registerAntdRender, unmountAntdRoots } from '@/shared/ui/antd-render';
import { setSessionOverHandler } from '@/shared/api/client';
import { sessionActions, useSession } from '@/shared/session/store';
import { server } from './msw/server';

registerAntdRender();

// One Blob, File and FormData: Node's, the ones of the fetch (undici) the app and MSW use here, as in a
// browser. jsdom's own break multipart uploads: Vitest 4 copies a jsdom Blob into a request through a
// jsdom internal that jsdom 28 renamed (the bytes sent became the text "undefined"), and on Node 24
// request.formData() builds each file with the global File, then refuses it as not undici's own.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor;
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: NodeFormData });

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
  setSessionOverHandler(null);
  sessionActions.clear();
  useSession.setState({ appInfo: null });
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
