import { setUpScreenTests } from '@app/mobile/test/setup';
import { setSessionOverHandler } from '@/shared/api/client';
import { sessionActions } from '@/shared/session/store';
import { server } from './msw/server';

setUpScreenTests(server, () => {
  setSessionOverHandler(null);
  sessionActions.signOut();
  localStorage.clear();
});
