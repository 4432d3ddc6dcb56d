/**
 * One hop from the console's contract to the server: the calls of packages/contract/src/console-X.ts
 * are served by console/routes/X.ts, all of them and nothing else under the API, and by no other
 * routes file. Each routes plugin is registered alone (test/routes-of.ts: no database, nothing runs).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONSOLE_API_PREFIX, type ConsoleCallDef } from '@app/contract/console-define';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeKey, routesOf } from '../../test/routes-of';
import { seedPictures } from '../seed/assets';

const ROUTES = fileURLToPath(new URL('./routes/', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** Routes under the console's API that are no call, and why. */
const NOT_CALLS: Record<string, string> = {
  [`GET ${CONSOLE_API_PREFIX}/uploads/*`]:
    'the pictures a money review shows: loaded by the browser, not called',
  [`GET ${CONSOLE_API_PREFIX}/support/images/:name`]:
    'the images of a support conversation: loaded by the browser, not called',
};

const isConsoleCall = (v: unknown): v is ConsoleCallDef =>
  !!v && typeof v === 'object' && (v as { auth?: unknown }).auth === 'console' && 'path' in v;

/** The areas: contract files console-X.ts (console-define.ts and console.ts hold no calls of their own). */
const areas = readdirSync(CONTRACT_SRC)
  .map((f) => /^console-([a-z]+)\.ts$/.exec(f)?.[1])
  .filter((a): a is string => a !== undefined && a !== 'define')
  .sort();
const routeFiles = readdirSync(ROUTES)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

async function callsOf(area: string): Promise<Set<string>> {
  const module = (await import(`../../../../packages/contract/src/console-${area}.ts`)) as Record<
    string,
    unknown
  >;
  const calls = Object.values(module).filter(isConsoleCall);
  return new Set(calls.map((c) => routeKey(c.method, c.path)));
}

const served = new Map<string, Set<string>>();
/** The routes under the console's API that console/routes/X.ts registers on its own. */
async function servedBy(area: string): Promise<Set<string>> {
  let routes = served.get(area);
  if (!routes) {
    const plugin = ((await import(`./routes/${area}.ts`)) as { default: FastifyPluginAsync }).default;
    const all = await routesOf(plugin, { options: { pictures: seedPictures() } });
    const api = [...all].filter((r) => r.split(' ')[1]?.startsWith(`${CONSOLE_API_PREFIX}/`));
    routes = new Set(api.filter((r) => !(r in NOT_CALLS)));
    served.set(area, routes);
  }
  return routes;
}

describe('contract file console-X.ts → console/routes/X.ts', () => {
  it('pairs every contract file with a routes file, and every routes file with a contract file', () => {
    expect(routeFiles).toEqual(areas);
  });

  it.each(areas)('%s: its routes are exactly the calls of its contract file', async (area) => {
    const calls = await callsOf(area);
    expect(calls.size).toBeGreaterThan(0);
    expect([...(await servedBy(area))].sort()).toEqual([...calls].sort());
  });

  it('serves every call in its own routes file only', async () => {
    for (const area of areas) {
      const calls = await callsOf(area);
      for (const other of areas.filter((o) => o !== area)) {
        for (const c of await servedBy(other)) expect(calls.has(c), `${c} in routes/${other}.ts`).toBe(false);
      }
    }
  });
});
