import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { setUpScreenTests } from '@app/mobile/test/setup';
import { setSessionOverHandler } from '@/shared/api/client';
import { sessionActions, useSession } from '@/shared/session/store';
import { server } from './msw/server';

setUpScreenTests(server, () => {
  setSessionOverHandler(null);
  sessionActions.clear();
  useSession.setState({ appInfo: null });
});

// One Blob, File and FormData: Node's, the ones of the fetch (undici) the app and MSW use here, as in a
// browser. jsdom's own break multipart uploads: Vitest 4 copies a jsdom Blob into a request through a
// jsdom internal that jsdom 28 renamed (the bytes sent became the text "undefined"), and on Node 24
// request.formData() builds each file with the global File, then refuses it as not undici's own.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor;
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: NodeFormData });
