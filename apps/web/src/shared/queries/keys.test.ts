import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionQueries } from '@/shared/session/api';
import { deskUrlQuery } from './desk';
import { platformQueries } from './platforms';
import { siteQueries } from './site';
import { venueQueries } from './venues';

/* One key per call: every server call the web app caches is cached by one query-option factory, under
 * one key, whichever features read it (issue 14). Read from the source itself, so that a second copy
 * of a factory added anywhere under src/ fails here. */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The text of the call that opens at `open` (an opening parenthesis), up to its closing one. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error(`unbalanced at ${open}`);
}

interface Factory {
  where: string;
  key: string;
  calls: string[];
}

/** Every queryOptions / infiniteQueryOptions of the app: where, its key expression, the calls it makes. */
const factories: Factory[] = sources(SRC).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\b(?:infiniteQueryOptions|queryOptions)\(/g)].map((m) => {
    const body = balanced(text, (m.index ?? 0) + m[0].length - 1);
    const line = text.slice(0, m.index).split('\n').length;
    return {
      where: `${relative(SRC, file)}:${line}`,
      key: /queryKey:\s*([^\n]+?),?\n/.exec(body)?.[1] ?? '(spread)',
      calls: [...body.matchAll(/\bcall\(\s*(\w+)/g)].map((c) => c[1] ?? ''),
    };
  });
});

/** The root of every key family: `all: () => ['x'] as const` and the `…Root = () => ['x']` helpers. */
const roots = sources(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:\ball:\s*|Root = )\(\) => \['([^']+)'\] as const/g)].map(
    (m) => m[1],
  ),
);

describe('one key per call', () => {
  it('finds the factories (the scan reads the source)', () => {
    expect(factories.length).toBeGreaterThan(30);
    const banners = factories.find((f) => f.calls.includes('bannerList'));
    expect(banners?.where).toMatch(/^shared\/queries\/site\.ts:\d+$/);
    expect(banners?.key).toBe("[...siteQueries.all(), 'banners'] as const");
  });

  it('caches each server call in one factory only', () => {
    const byCall = new Map<string, string[]>();
    for (const f of factories)
      for (const c of new Set(f.calls)) byCall.set(c, [...(byCall.get(c) ?? []), f.where]);
    const twice = [...byCall].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
  });

  it('calls shared by several features are cached in shared/', () => {
    const shared = [
      'app',
      'bannerList',
      'homeNotice',
      'serviceUrl',
      'gameList',
      'venueBalances',
      'user',
      'balance',
    ];
    for (const call of shared) {
      const f = factories.find((x) => x.calls.includes(call));
      expect(f?.where, call).toMatch(/^shared\//);
    }
  });

  it('gives each key family a root of its own', () => {
    expect(roots.length).toBeGreaterThan(8);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('the shared factories have distinct keys', () => {
    const keys = [
      siteQueries.app(),
      siteQueries.banners(),
      siteQueries.notices(),
      deskUrlQuery(),
      platformQueries.list('realbet'),
      venueQueries.balances(),
      sessionQueries.user(),
      sessionQueries.balance(),
    ].map((o) => JSON.stringify(o.queryKey));
    expect(new Set(keys).size).toBe(keys.length);
    // A reader's own options (polling, freshness) never change the key.
    expect(venueQueries.balances({ pollMs: 1500, staleTime: 60_000 }).queryKey).toEqual(
      venueQueries.balances().queryKey,
    );
  });
});
