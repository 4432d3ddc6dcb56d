import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { pgErrorCode, rowsOf, type Db, type Tx } from '../db/client';
import { inTransaction } from '../db/scope';
import { idempotencyKeys } from '../db/schema/money';
import { BusinessError } from '../core/errors';
import type { UploadedFile } from './multipart';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MSG_KEY_INVALID = '幂等键无效';
export const MSG_KEY_REUSED = '幂等键已用于其他请求';
/** money_claim's answers besides a claim id (> 0): a stored reply to replay, a key used for another request. */
export const CLAIM_REPLAY = 0;
export const CLAIM_REUSED = -1;

/** Deadlock (40P01) and serialisation failure (40001): the whole call rolled back and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;
let retried = 0;

/** How many money calls this process ran again after a deadlock or serialisation failure. */
export function conflictRetries(): number {
  return retried;
}

/**
 * The Idempotency-Key header: 1–128 visible ASCII characters, or null when none is sent (the header
 * is optional: other clients of this API family send none); 400 when malformed.
 */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(value))
    throw new BusinessError(MSG_KEY_INVALID);
  return value;
}

/**
 * Body fields never hashed: a payment password has a million values, so a stored sha256 of a request
 * holding it could be reversed by anyone who read the table. The password is checked on the first run;
 * a retry of the same intent is the same request whatever password it carries.
 */
const SECRET_FIELDS = new Set([
  'password',
  'paypassword',
  'pay_pass',
  'oldpassword',
  'newpassword',
  'repassword',
]);

function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELDS.has(k.toLowerCase())));
}

/** sha256 of what identifies a request: method, path, body fields (no secrets) and files. */
export function requestHash(
  method: string,
  path: string,
  body: unknown,
  files: Map<string, UploadedFile>,
): string {
  const fileDigests = [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([field, f]) => [field, f.mimetype, createHash('sha256').update(f.data).digest('hex')]);
  return createHash('sha256')
    .update(JSON.stringify([method, path, withoutSecrets(body) ?? null, fileDigests]))
    .digest('hex');
}

export interface StoredReply {
  status: number;
  /** The exact JSON text sent. */
  body: string;
}

/** Completed replies are kept this long, then pruned (now and then, after a claiming request). */
export const KEEP_MS = 7 * 24 * 3600_000;

/** The envelope of a refusal, as sent and stored. */
function refusal(err: BusinessError): StoredReply {
  return { status: err.status, body: JSON.stringify({ code: err.status, message: err.message, data: null }) };
}

/**
 * Claims (member, key) in the caller's transaction: the claim's id, or the stored reply to replay.
 * One implementation, the SQL function money_claim (migration 0015), which the one-statement money
 * calls use too: a new key is claimed; the same key and request with a stored reply replays it; the
 * same key for another request is refused; a claim left without a reply (by a version that claimed
 * outside the money transaction) is taken over. On PostgreSQL a duplicate's insert waits on the
 * unique index until the first request's transaction ends: committed, its row holds the reply;
 * rolled back (an error, a killed process), this one claims.
 */
async function claim(tx: Tx, userId: number, key: string, hash: string): Promise<number | StoredReply> {
  const result = await tx.execute(
    sql`select claim, status, body from money_claim(${userId}::integer, ${key}::text, ${hash}::text)`,
  );
  const row = rowsOf<{ claim: number; status: number | null; body: string | null }>(result)[0];
  if (!row) throw new Error(`idempotency key ${userId}/${key} could not be claimed`);
  const claimed = Number(row.claim);
  if (claimed === CLAIM_REUSED) throw new BusinessError(MSG_KEY_REUSED, 409);
  if (claimed === CLAIM_REPLAY) return { status: Number(row.status), body: row.body ?? '' };
  return claimed;
}

/**
 * Runs the handler under a savepoint: its reply, or the refusal it threw (BusinessError). A refusal
 * keeps what the handler wrote outside its own transactions (a failure count, say), as it would have
 * without the request's transaction; after a failed statement the savepoint is rolled back instead.
 */
async function handle(tx: Tx, run: () => Promise<unknown>): Promise<StoredReply> {
  await tx.execute(sql.raw('savepoint money_call'));
  try {
    const envelope = await run();
    await tx.execute(sql.raw('release savepoint money_call'));
    return { status: 200, body: JSON.stringify(envelope) };
  } catch (err) {
    if (!(err instanceof BusinessError)) throw err;
    try {
      await tx.execute(sql.raw('release savepoint money_call'));
    } catch {
      await tx.execute(sql.raw('rollback to savepoint money_call'));
    }
    return refusal(err);
  }
}

/**
 * A money call, in ONE transaction with its Idempotency-Key: the claim, the handler (`app.db` is
 * routed into this transaction, db/scope.ts) and the stored reply commit together or not at all, so
 * after a crash at any point a retry with the key either replays the reply or does the work once;
 * a duplicate replays the reply byte for byte, the same key with another request ⇒ 409. Refusals
 * (BusinessError) are stored and replayed like successes; an unexpected error rolls everything back
 * (no claim is left) and reaches the error handler. Without a key the call simply runs once, in the
 * same kind of transaction. A deadlock or serialisation failure rolls back and runs again.
 */
export async function once(
  db: Db,
  userId: number,
  key: string | null,
  hash: string,
  run: () => Promise<unknown>,
): Promise<StoredReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      let claimedId = 0;
      const reply = await inTransaction(db, async (tx) => {
        if (key !== null) {
          const claimed = await claim(tx, userId, key, hash);
          if (typeof claimed !== 'number') return claimed;
          claimedId = claimed;
        }
        const result = await handle(tx, run);
        if (key !== null) {
          await tx
            .update(idempotencyKeys)
            .set({ status: result.status, body: result.body })
            .where(eq(idempotencyKeys.id, claimedId));
        }
        return result;
      });
      if (claimedId > 0 && claimedId % 500 === 0) await prune(db);
      return reply;
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && retryable(err)) continue;
      throw err;
    }
  }
}

/** Counts the retry when `err` is a deadlock or serialisation failure (the call may run again). */
function retryable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code === undefined || !RETRYABLE.has(code)) return false;
  retried += 1;
  return true;
}

/** What a money call done in one statement answers: its claim (see money_claim) and its reply. */
export interface StatementReply {
  /** > 0 claimed by this call, 0 replayed or no key, -1 the key was used for another request. */
  claim: number;
  status: number;
  body: string;
}

/**
 * A money call whose claim, work and stored reply are ONE statement, its own transaction (a SQL
 * function of migration 0015, e.g. money_transfer): the same guarantees as once() in one round
 * trip. A reused key ⇒ 409; a deadlock or serialisation failure runs it again.
 */
export async function oneStatement(db: Db, run: () => Promise<StatementReply>): Promise<StoredReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await run();
      if (r.claim < 0) throw new BusinessError(MSG_KEY_REUSED, 409);
      if (r.claim > 0 && r.claim % 500 === 0) await prune(db);
      return { status: r.status, body: r.body };
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && retryable(err)) continue;
      throw err;
    }
  }
}

/** The envelope of a reply as the endpoint sends it (for calls that store their reply in SQL). */
export function envelopeText(message: string, status = 200): string {
  return status === 200
    ? JSON.stringify({ code: 200, message, data: null })
    : refusal(new BusinessError(message, status)).body;
}

/** Drops completed keys older than KEEP_MS; best effort (the call it follows has committed). */
async function prune(db: Db): Promise<void> {
  try {
    await db
      .delete(idempotencyKeys)
      .where(
        and(isNotNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS))),
      );
  } catch {
    // the next prune takes them
  }
}
