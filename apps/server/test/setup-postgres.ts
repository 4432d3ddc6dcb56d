import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresHandle } from '../src/db/client';
import { seed } from '../src/seed/seed';
import { TEST_PUBLIC_URL, withDatabase } from './provided';

/**
 * Creates one migrated, seeded template database per run on the server of TEST_DATABASE_URL; every
 * test file clones it (`CREATE DATABASE … TEMPLATE …`) and drops its clone. The template and any
 * clone left by a crashed file are dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `srv_tpl_${process.pid}_${Date.now().toString(36)}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  const handle = postgresHandle(withDatabase(adminUrl, template), 2);
  try {
    await handle.prepare((db) => seed(db, { publicUrl: TEST_PUBLIC_URL, demo: true }));
  } finally {
    await handle.close();
  }
  project.provide('serverTestDb', { kind: 'postgres', adminUrl, template });

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or datname like $2',
        [template, `${template}\\_%`],
      );
      for (const r of rows) await c.query(`drop database if exists "${r.datname}" with (force)`);
    } finally {
      await c.end();
    }
  };
}
