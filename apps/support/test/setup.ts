import { setUpScreenTests } from '@app/mobile/test/setup';
import { server } from './fixtures';

setUpScreenTests(server, () => {
  history.replaceState(null, '', '/support/');
});
