// Request transaction scope: inside inTransaction(), app.db (a Proxy) is that transaction, so services' db.transaction() become savepoints.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

interface Scope {
  root: Db;
  tx: Tx;
  /** False once the transaction ended: late work started inside it (a timer) uses the pool again. */
  open: boolean;
  /** Work to run once the transaction has committed (afterCommit); dropped when it rolls back. */
  committed: (() => Promise<void>)[];
}

const scopes = new AsyncLocalStorage<Scope>();
/** The real Db behind each scoped one. */
const roots = new WeakMap<object, Db>();

/**
 * The Db the app hands out as `app.db`: outside a scope it is `root`; inside `inTransaction(root, …)`
 * every property (select, insert, execute, transaction…) is the scope's transaction's, bound to it.
 * Prepared statements made outside a scope stay on `root` (the pool): never run one inside a scope.
 */
export function scopedDb(root: Db): Db {
  const scoped = new Proxy(root, {
    get(target, prop) {
      const scope = scopes.getStore();
      const base: object = scope?.open && scope.root === target ? scope.tx : target;
      const value: unknown = Reflect.get(base, prop, base);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(base) : value;
    },
  });
  roots.set(scoped, root);
  return scoped;
}

/** The real Db behind a scoped one (itself when it is not scoped). */
export function rootOf(db: Db): Db {
  return roots.get(db) ?? db;
}

/** True while the caller runs inside an open transaction scope of this Db. */
export function inScope(db: Db): boolean {
  const scope = scopes.getStore();
  return !!scope?.open && scope.root === rootOf(db);
}

/**
 * Runs `fn` in one transaction of `db`'s root, with the scope open: `db` (the scoped one) and every
 * service holding it work in that transaction until it commits or rolls back.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const root = rootOf(db);
  if (inScope(db)) throw new Error('inTransaction: already inside a transaction scope');
  const committed: Scope['committed'] = [];
  const result = await root.transaction(async (tx) => {
    const scope: Scope = { root, tx, open: true, committed };
    try {
      return await scopes.run(scope, () => fn(tx));
    } finally {
      scope.open = false;
    }
  });
  // The call has committed: a failed effect after it (the bus logs its own failures) must not turn
  // it into an error that a retry would then answer differently.
  for (const work of committed) await work().catch(() => undefined);
  return result;
}

/**
 * Runs `work` once what the caller wrote is committed: at once outside a transaction scope, else
 * after the scope's transaction commits (never when it rolls back). For effects others can see, such
 * as a message pushed to a chat room about an order that must exist by then.
 */
export async function afterCommit(db: Db, work: () => Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  if (scope?.open && scope.root === rootOf(db)) scope.committed.push(work);
  else await work();
}
