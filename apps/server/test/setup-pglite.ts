import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteHandle } from '../src/db/client';
import { seed } from '../src/seed/seed';
import { TEST_PUBLIC_URL } from './provided';

/** Migrates and seeds one PGlite database per run and dumps it; every test file loads a clone. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'server-test-'));
  const client = new PGlite();
  const handle = pgliteHandle(client);
  await handle.prepare((db) => seed(db, { publicUrl: TEST_PUBLIC_URL, demo: true }));
  const dump = await client.dumpDataDir('none');
  const dumpFile = join(dir, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('serverTestDb', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
