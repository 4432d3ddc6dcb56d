import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/money';
import { BusinessError } from '../plugins/errors';
import type { UploadedFile } from './multipart';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MSG_KEY_MISSING = '缺少幂等键';
export const MSG_KEY_INVALID = '幂等键无效';
export const MSG_KEY_REUSED = '幂等键已用于其他请求';
export const MSG_KEY_BUSY = '请求处理中，请稍后再试';

/** How long a duplicate waits for the first request's reply. */
const WAIT_MS = 30_000;
const POLL_MS = 15;

/** The Idempotency-Key header: 1–128 visible ASCII characters; 400 when missing or malformed. */
export function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || value === '') throw new BusinessError(MSG_KEY_MISSING);
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(value))
    throw new BusinessError(MSG_KEY_INVALID);
  return value;
}

/** sha256 of what identifies a request: method, path, body fields and files. */
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
    .update(JSON.stringify([method, path, body ?? null, fileDigests]))
    .digest('hex');
}

export interface StoredReply {
  status: number;
  /** The exact JSON text sent. */
  body: string;
}

/** Completed replies are kept this long, then pruned (now and then, by the claiming request). */
export const KEEP_MS = 7 * 24 * 3600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` once per (member, key). The first request claims the key by inserting a row (the unique
 * constraint decides who is first, across processes), runs, and stores its reply; duplicates wait for
 * that reply and replay it byte for byte. The same key with another request ⇒ 409. When `fn` fails
 * unexpectedly (500: its transaction rolled back), the claim is dropped so the request can be retried.
 */
export async function once(
  db: Db,
  userId: number,
  key: string,
  hash: string,
  fn: () => Promise<StoredReply>,
): Promise<StoredReply> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) {
      let result: StoredReply;
      try {
        result = await fn();
      } catch (err) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
        throw err;
      }
      await db
        .update(idempotencyKeys)
        .set({ status: result.status, body: result.body })
        .where(eq(idempotencyKeys.id, claimed.id));
      if (claimed.id % 500 === 0) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              isNotNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)),
            ),
          );
      }
      return result;
    }
    for (;;) {
      const [row] = await db
        .select({
          hash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          body: idempotencyKeys.body,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) break; // the first request failed and dropped its claim: try to claim again
      if (row.hash !== hash) throw new BusinessError(MSG_KEY_REUSED, 409);
      if (row.status !== null && row.body !== null) return { status: row.status, body: row.body };
      if (Date.now() > deadline) throw new BusinessError(MSG_KEY_BUSY, 409);
      await sleep(POLL_MS);
    }
  }
}
