import { beforeEach } from 'vitest';
import { setUpScreenTests } from '@app/mobile/test/setup';
import { installFakeWebSocket } from './fake-socket';
import { server } from './fixtures';

setUpScreenTests(server, () => {
  history.replaceState(null, '', '/support/');
});
// Every test: a socket it does not open stays connecting (jsdom's would try a real connection).
beforeEach(() => installFakeWebSocket());
