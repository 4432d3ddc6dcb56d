/**
 * One hop from the contract to the server: the calls of packages/contract/src/X.ts are served by
 * modules/X/routes.ts, all of them, and by no other module. Each module's routes plugin is registered
 * alone on a bare Fastify instance (no database: nothing runs, routes are only recorded).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS_BY_MODULE } from '@app/contract/calls';
import type { CallDef } from '@app/contract/define';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers';
import { memoryRoomBus } from '../http/realtime/room-bus';

const MODULES = fileURLToPath(new URL('.', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** Modules with routes but no call of the contract, and why. */
const WITHOUT_CALLS: Record<string, string> = {
  chat: 'the chat socket GET /wss, not a call: its protocol is contract chat.ts (no CallDef)',
  support: 'the demo support desk: HTML pages under /support/, outside the API',
};

const key = (method: string, path: string) => `${method} ${path}`;
const callKey = (c: CallDef) => key(c.method, c.path);

/** Every module folder that has a routes.ts. */
const routeModules = readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(MODULES, d.name, 'routes.ts')))
  .map((d) => d.name)
  .sort();

/** The API routes (/api/…, GET and POST) one module's routes plugin registers on its own. */
async function apiRoutesOf(module: string): Promise<Set<string>> {
  const plugin = ((await import(`./${module}/routes.ts`)) as { default: FastifyPluginAsync }).default;
  const app = Fastify({ logger: false });
  const bus = memoryRoomBus();
  // Stand-ins for the core plugins the modules' plugins depend on (by name), with no database.
  const config = testConfig();
  await app.register(
    fp(
      async (a) => {
        a.decorate('config', config);
        a.decorate('db', null as never);
      },
      { name: 'database' },
    ),
  );
  await app.register(fp(async () => undefined, { name: 'auth' }));
  await app.register(fp(async (a) => void a.decorate('roomBus', bus), { name: 'realtime' }));
  const routes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if ((m === 'GET' || m === 'POST') && route.url.startsWith('/api/')) routes.add(key(m, route.url));
    }
  });
  await app.register(plugin);
  await app.ready();
  await app.close();
  await bus.close();
  return routes;
}

const served = new Map<string, Set<string>>();
async function servedBy(module: string): Promise<Set<string>> {
  let routes = served.get(module);
  if (!routes) served.set(module, (routes = await apiRoutesOf(module)));
  return routes;
}

describe('contract file X.ts → modules/X/routes.ts', () => {
  it.each(Object.keys(CALLS_BY_MODULE))(
    '%s: its routes are exactly the calls of its contract file',
    async (m) => {
      expect(existsSync(join(CONTRACT_SRC, `${m}.ts`)), `packages/contract/src/${m}.ts`).toBe(true);
      expect(routeModules, `modules/${m}/routes.ts`).toContain(m);
      const calls = new Set((CALLS_BY_MODULE[m] ?? []).map(callKey));
      expect([...(await servedBy(m))].sort()).toEqual([...calls].sort());
    },
  );

  it('serves every call in its own module only', async () => {
    for (const [m, calls] of Object.entries(CALLS_BY_MODULE)) {
      for (const other of routeModules.filter((o) => o !== m)) {
        const routes = await servedBy(other);
        for (const c of calls)
          expect(routes.has(callKey(c)), `${callKey(c)} in modules/${other}`).toBe(false);
      }
    }
  });

  it('gives every module with routes a contract file, or a reason why it has no calls', () => {
    for (const m of routeModules) {
      if (m in CALLS_BY_MODULE) continue;
      expect(WITHOUT_CALLS[m], `modules/${m}/routes.ts: no contract ${m}.ts`).toBeTruthy();
    }
    for (const m of Object.keys(WITHOUT_CALLS)) expect(routeModules).toContain(m);
  });
});
