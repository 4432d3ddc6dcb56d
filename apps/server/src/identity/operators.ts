import type { OperatorRole } from '@app/contract/console-define';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { now } from '../core/clock';
import { BusinessError } from '../core/errors';
import type { Db } from '../db/client';
import { operators } from '../db/schema/operators';
import { hashPassword, oneTimePassword } from './passwords';
import { revokeOperatorSessions } from './operator-sessions';

/* Operator accounts: creation (command line and console), lookup, TOTP. */

/** The issuer an authenticator app shows beside the code. */
export const TOTP_ISSUER = '娱乐城控制台';
const TOTP_PERIOD_S = 30;

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByName(db: Db, name: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.name}) = ${name.toLowerCase()}`);
  return row;
}

export async function findOperator(db: Db, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

/** An operator's one-time password is 16 characters (identity/passwords.ts oneTimePassword). */
export const OPERATOR_ONE_TIME_LENGTH = 16;

/**
 * Creates an operator with a one-time password (changed at first sign-in, then TOTP enrolment).
 * 409 when the name is taken, whatever its case.
 */
export async function createOperator(
  db: Db,
  name: string,
  role: OperatorRole,
): Promise<{ operator: OperatorRow; password: string }> {
  if (await findOperatorByName(db, name)) throw new BusinessError('操作员已存在', 409);
  const password = oneTimePassword(OPERATOR_ONE_TIME_LENGTH);
  const [operator] = await db
    .insert(operators)
    .values({ name, role, passwordHash: await hashPassword(password), createdAt: new Date(now()) })
    .returning();
  if (!operator) throw new Error('operator insert returned no row');
  return { operator, password };
}

/**
 * Gives an operator a new one-time password and clears its TOTP (a lost phone): the next sign-in sets
 * a password and enrols again. A disabled operator stays disabled (enabling is its own, audited
 * change), and its sessions end at once. The command line's
 * operator:reset and the console's reset both come here. Answers the row as it was, and the password.
 */
export async function resetOperator(
  db: Db,
  id: number,
): Promise<{ before: OperatorRow; after: OperatorRow; password: string }> {
  const before = await findOperator(db, id);
  if (!before) throw new BusinessError('操作员不存在', 404);
  const password = oneTimePassword(OPERATOR_ONE_TIME_LENGTH);
  const [after] = await db
    .update(operators)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      totpSecret: null,
      totpEnabled: false,
    })
    .where(eq(operators.id, id))
    .returning();
  if (!after) throw new BusinessError('操作员不存在', 404);
  await revokeOperatorSessions(db, id);
  return { before, after, password };
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(name: string, secret: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: name,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function otpauthUrl(name: string, secret: string): string {
  return totpOf(name, secret).toString();
}

/**
 * The time step a code belongs to (the current one or one either side, for clock drift), or null
 * when it is wrong. The caller refuses a step it has accepted before (no replay).
 */
export function totpStep(name: string, secret: string, code: string): number | null {
  const t = now();
  const delta = totpOf(name, secret).validate({ token: code, timestamp: t, window: 1 });
  return delta === null ? null : Math.floor(t / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code an authenticator would show now (tests and journeys sign in with it). */
export function currentTotp(secret: string, at: number = now()): string {
  return totpOf('x', secret).generate({ timestamp: at });
}
