/**
 * One hop from the contract to the server: the calls of packages/contract/src/X.ts are served by
 * modules/X/routes.ts, all of them, and by no other module; the operator calls OPS_CALLS_BY_MODULE
 * gives module X are served by modules/X/ops.ts. Each plugin is registered alone on a bare Fastify
 * instance (test/routes-of.ts: no database, nothing runs, routes are only recorded).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS_BY_MODULE } from '@app/contract/calls';
import type { CallDef } from '@app/contract/define';
import { OPS_CALLS_BY_MODULE } from '@app/contract/ops';
import { OPS_PREFIX } from '@app/contract/ops-fields';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeKey, routesOf } from '../../test/routes-of';
import opsPlugin from '../ops/plugin';

const MODULES = fileURLToPath(new URL('.', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** Modules with routes but no call of the contract, and why. */
const WITHOUT_CALLS: Record<string, string> = {
  chat: 'the chat socket GET /wss, not a call: its protocol is contract chat.ts (no CallDef)',
  support: 'the demo support desk: HTML pages under /support/, outside the API',
};

/** Operator calls served by the operator plugin itself, and why. */
const OPS_IN_PLUGIN: Record<string, string> = {
  operators: 'operator accounts are identity/, below the routes: ops/plugin.ts serves their two calls',
};

const callKey = (c: CallDef) => routeKey(c.method, c.path);

/** Every module folder that has `file`. */
const modulesWith = (file: string) =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(MODULES, d.name, file)))
    .map((d) => d.name)
    .sort();
const routeModules = modulesWith('routes.ts');
const opsModules = modulesWith('ops.ts');

async function pluginOf(module: string, file: 'routes' | 'ops'): Promise<FastifyPluginAsync> {
  return ((await import(`./${module}/${file}.ts`)) as { default: FastifyPluginAsync }).default;
}

const served = new Map<string, Set<string>>();
/** The API routes (/api/…) one module's routes plugin registers on its own. */
async function servedBy(module: string): Promise<Set<string>> {
  let routes = served.get(module);
  if (!routes) {
    const all = await routesOf(await pluginOf(module, 'routes'));
    routes = new Set([...all].filter((r) => r.split(' ')[1]?.startsWith('/api/')));
    served.set(module, routes);
  }
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

describe('OPS_CALLS_BY_MODULE X → modules/X/ops.ts', () => {
  it.each(Object.keys(OPS_CALLS_BY_MODULE).filter((m) => !(m in OPS_IN_PLUGIN)))(
    '%s: its operator routes are exactly its operator calls',
    async (m) => {
      expect(opsModules, `modules/${m}/ops.ts`).toContain(m);
      const routes = await routesOf(await pluginOf(m, 'ops'), { prefix: OPS_PREFIX });
      const calls = (OPS_CALLS_BY_MODULE[m] ?? []).map(callKey);
      expect([...routes].sort()).toEqual(calls.sort());
    },
  );

  it('has an entry for every modules/X/ops.ts, and the operator plugin serves the rest', async () => {
    for (const m of opsModules) expect(OPS_CALLS_BY_MODULE, `modules/${m}/ops.ts`).toHaveProperty(m);
    const all = await routesOf(opsPlugin, { prefix: OPS_PREFIX, options: { operatorToken: 'x' } });
    for (const m of Object.keys(OPS_IN_PLUGIN)) {
      expect(opsModules).not.toContain(m);
      for (const c of OPS_CALLS_BY_MODULE[m] ?? []) expect(all.has(callKey(c)), c.name).toBe(true);
    }
  });
});
