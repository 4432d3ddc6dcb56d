import { CONSOLE_CALLS } from '@app/contract/console';
import {
  MSG_CONSOLE_FORBIDDEN,
  OPERATOR_ROLES,
  roleMayCall,
  type OperatorRole,
} from '@app/contract/console-define';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Reply, type TestApp } from '../../test/helpers';
import {
  buildTestConsole,
  OPERATOR_TEST_PASSWORD,
  type ConsoleAgent,
  type TestConsole,
} from '../../test/console-helpers';
import type { ConsoleSamples } from '../../test/console-samples/types';
import { SAMPLES as MONEY } from '../../test/console-samples/money';
import { SAMPLES as QUEUE } from '../../test/console-samples/queue';
import { SAMPLES as APPLICATIONS } from '../../test/console-samples/applications';
import { SAMPLES as MEMBERS } from '../../test/console-samples/members';
import { SAMPLES as ADMIN } from '../../test/console-samples/admin';
import { SAMPLES as UPLOADS } from '../../test/console-samples/uploads';
import { SAMPLES as CONTENT } from '../../test/console-samples/content';
import { SAMPLES as PAYMENTS } from '../../test/console-samples/payments';
import { SAMPLES as SITE } from '../../test/console-samples/site';
import { SAMPLES as PROMO } from '../../test/console-samples/promo';
import { SAMPLES as LOTTERY } from '../../test/console-samples/lottery';
import { SAMPLES as CHAT } from '../../test/console-samples/chat';
import { SAMPLES as REPORTS } from '../../test/console-samples/reports';
import { SAMPLES as APPROVALS } from '../../test/console-samples/approvals';
import { SAMPLES as RISK } from '../../test/console-samples/risk';
import { SAMPLES as SEGMENTS } from '../../test/console-samples/segments';
import { SAMPLES as PROTECTION } from '../../test/console-samples/protection';
import { SAMPLES as AGENTS } from '../../test/console-samples/agents';
import { SAMPLES as SUPPORT } from '../../test/console-samples/support';

/* Every console call with every role: the roles it names (and 超级管理员) succeed with a valid
 * request, every other role gets 403, and nobody signed out gets past 401. */

const AUTH: ConsoleSamples = {
  consoleSession: async () => ({}),
  consoleChangePassword: async () => ({
    old_password: OPERATOR_TEST_PASSWORD,
    password: OPERATOR_TEST_PASSWORD,
  }),
};
const SAMPLES: ConsoleSamples = {
  ...AUTH,
  ...MONEY,
  ...QUEUE,
  ...APPLICATIONS,
  ...MEMBERS,
  ...ADMIN,
  ...UPLOADS,
  ...CONTENT,
  ...PAYMENTS,
  ...SITE,
  ...PROMO,
  ...LOTTERY,
  ...CHAT,
  ...REPORTS,
  ...APPROVALS,
  ...RISK,
  ...SEGMENTS,
  ...PROTECTION,
  ...AGENTS,
  ...SUPPORT,
};
const SIGNED_IN_CALLS = CONSOLE_CALLS.filter((c) => c.session === 'active');

let t: TestApp;
let c: TestConsole;
const agents = new Map<OperatorRole, ConsoleAgent>();
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  for (const role of OPERATOR_ROLES) agents.set(role, await c.signIn(role));
}, 120_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

function call(agent: ConsoleAgent, method: 'GET' | 'POST', path: string, input: Record<string, unknown>) {
  if (method === 'POST') return agent.post(path, input);
  const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
  return agent.get(path, query);
}

const describeReply = (r: Reply) => `HTTP ${r.status}: ${r.text.slice(0, 300)}`;

describe('console roles', () => {
  it('has a sample request for every signed-in call', () => {
    const missing = SIGNED_IN_CALLS.filter((c) => !SAMPLES[c.name]).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  for (const def of SIGNED_IN_CALLS) {
    it(`${def.name}: ${OPERATOR_ROLES.map((r) => `${r} ${roleMayCall(r, def) ? 'yes' : 'no'}`).join(', ')}`, async () => {
      const sample = SAMPLES[def.name];
      if (!sample) return; // reported by the test above
      const signedOut = await c.send(def.method, def.path, def.method === 'POST' ? { body: {} } : {});
      expect(signedOut.status, def.name).toBe(401);
      for (const role of OPERATOR_ROLES) {
        const agent = agents.get(role);
        if (!agent) throw new Error(role);
        const r = await call(agent, def.method, def.path, await sample(t, agent));
        if (roleMayCall(role, def)) {
          expect(r.status, `${def.name} as ${role}: ${describeReply(r)}`).toBe(200);
        } else {
          expect(r.status, `${def.name} as ${role}: ${describeReply(r)}`).toBe(403);
          expect(r.body?.message).toBe(MSG_CONSOLE_FORBIDDEN);
        }
      }
    });
  }
});
