import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config';
import type { Db } from '../../db/client';
import { scopedDb } from '../../db/scope';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/**
 * Makes the configuration and the database available to every module as `app.config` / `app.db`.
 * `app.db` is scoped (db/scope.ts): inside a money call's transaction it is that transaction.
 */
export default fp(
  async function databasePlugin(app: FastifyInstance, opts: { config: Config; db: Db }) {
    app.decorate('config', opts.config);
    app.decorate('db', scopedDb(opts.db));
  },
  { name: 'database' },
);
