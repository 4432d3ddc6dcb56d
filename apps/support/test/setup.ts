import { beforeEach } from 'vitest';
import { setUpScreenTests } from '@app/mobile/test/setup';
import { installFakeWebSocket } from '@app/mobile/test/fake-socket';
import { server } from './fixtures';

setUpScreenTests(server, () => {
  history.replaceState(null, '', '/support/');
});
// Every test: a socket it does not open stays connecting (jsdom's would try a real connection); the
// server answers pings, as the desk's does.
beforeEach(() => installFakeWebSocket({ answersPing: true }));
