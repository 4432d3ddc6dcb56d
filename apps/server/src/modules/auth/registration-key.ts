import { register as registerCall } from '@app/contract/auth-forms';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { idempotencyKeys } from '../../db/schema/money';
import { MSG_KEY_REUSED } from '../../http/idempotency';
import { MSG_BLOCKED } from '../../http/plugins/auth';
import { verifyPassword } from '../../identity/passwords';
import { createSession } from '../../identity/sessions';

export const MSG_USERNAME_TAKEN = '用户名已存在';

/** The fields a registration's Idempotency-Key is bound to (the passwords through Argon2). */
export interface KeyedRegistration {
  name: string;
  realname?: string | undefined;
  password: string;
  paypassword?: string | undefined;
  pid: number | null;
  inviteCode?: string | null | undefined;
}

// No member yet: the key is kept under the account it creates (`register:` scope), found by its username.
const scoped = (key: string) => `register:${key}`;

/**
 * The request's hash without the passwords: they are checked against the account's Argon2 hashes
 * instead, so that no fast hash of a password is stored.
 */
function registrationHash(input: KeyedRegistration): string {
  const fields: unknown[] = [registerCall.path, input.name.toLowerCase(), input.realname ?? '', input.pid];
  if (input.inviteCode) fields.push(input.inviteCode);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The key's row for the account being created, written in the registration's transaction. */
export function registrationKeyRow(userId: number, key: string, input: KeyedRegistration) {
  // status and body set: the row counts as completed for pruning (idempotency.ts KEEP_MS).
  return { userId, key: scoped(key), requestHash: registrationHash(input), status: 200, body: '' };
}

/**
 * A registration whose username exists: when the account was created by this same key and request
 * (a double tap, a retry), a new session for it, as the first reply signed the visitor in (the first
 * token is not kept: tokens are stored hashed only); otherwise 用户名已存在, or 409 when the key was
 * used with other fields or passwords.
 */
export async function repeatedRegistration(
  db: Db,
  input: KeyedRegistration,
  key: string | null,
  signIn: (tx: Db, userId: number) => Promise<void>,
): Promise<string> {
  if (key === null) throw new BusinessError(MSG_USERNAME_TAKEN);
  const [first] = await db
    .select({
      userId: users.id,
      passwordHash: users.passwordHash,
      payPasswordHash: users.payPasswordHash,
      blocked: users.blocked,
      requestHash: idempotencyKeys.requestHash,
    })
    .from(idempotencyKeys)
    .innerJoin(users, eq(users.id, idempotencyKeys.userId))
    .where(
      and(eq(idempotencyKeys.key, scoped(key)), sql`lower(${users.username}) = ${input.name.toLowerCase()}`),
    );
  if (!first) throw new BusinessError(MSG_USERNAME_TAKEN);
  const same =
    first.requestHash === registrationHash(input) &&
    (await verifyPassword(first.passwordHash, input.password)) &&
    first.payPasswordHash !== null &&
    (await verifyPassword(first.payPasswordHash, input.paypassword ?? input.password));
  if (!same) throw new BusinessError(MSG_KEY_REUSED, 409);
  if (first.blocked) throw new BusinessError(MSG_BLOCKED, 403);
  return db.transaction(async (tx) => {
    await signIn(tx, first.userId);
    return createSession(tx, first.userId);
  });
}
