/**
 * The member tests' shared app (used by the avatar and member tests only): one app per test file, the
 * clock reset after every test. Each test file calls memberTestApp() once at its top; `t` is a live
 * binding set by its beforeAll.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetClock } from '../../core/clock';
import { buildTestApp, expectEnvelope, type Reply, type TestApp } from '../../../test/helpers';

export let t: TestApp;

/** Registers the hooks: the app before the file's tests, the real clock back after each. */
export function memberTestApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(() => {
    resetClock();
  });
  afterAll(async () => {
    await t.close();
  });
}

/** A refusal's status and message. */
export const refused = (r: Reply) => {
  expectEnvelope(r);
  return [r.status, r.body.message];
};
