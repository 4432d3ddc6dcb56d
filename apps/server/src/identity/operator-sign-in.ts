/* An operator's sign-in, step by step: the password (refused in the same words whether the name exists
 * or not), a password of one's own at the first sign-in, the TOTP enrolment, the TOTP code; and a
 * change of password later. The console's routes only carry the cookie and the replies. */
import { MSG_CONSOLE_LOGIN_FAILED, MSG_CONSOLE_TOO_MANY, MSG_TOTP_WRONG } from '@app/contract/console-auth';
import type { OperatorRole } from '@app/contract/console-define';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { now } from '../core/clock';
import { BusinessError } from '../core/errors';
import { writeAudit, type Actor } from '../db/audit';
import type { Db } from '../db/client';
import { operators } from '../db/schema/operators';
import { clearAttempts, KIND, reserveAttempt } from './limits';
import { activateSession, createSession, csrfOf, pruneSessions } from './operator-sessions';
import { findOperator, findOperatorByName, newTotpSecret, otpauthUrl, totpStep } from './operators';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';

/** Failed sign-ins per (name, address) and per name, and wrong codes per operator, per 15 minutes. */
export const CONSOLE_LOGIN_MAX_FAILURES = 5;
export const CONSOLE_NAME_MAX_FAILURES = 20;
export const CONSOLE_TOTP_MAX_FAILURES = 5;

export type SignInStep = 'password' | 'enroll' | 'totp';

/** What the operator must do next: a password of its own, then a TOTP enrolment, then codes. */
export const nextStep = (o: { mustChangePassword: boolean; totpEnabled: boolean }): SignInStep =>
  o.mustChangePassword ? 'password' : o.totpEnabled ? 'totp' : 'enroll';

async function operatorRow(db: Db, id: number) {
  const row = await findOperator(db, id);
  if (!row) throw new BusinessError('操作员不存在', 404);
  return row;
}

/**
 * The password step: a new session (pending until the code) and what comes next. Counted per
 * (name, address) and per name, so guessing is slow from one place and from many.
 */
export async function signInWithPassword(
  db: Db,
  input: { name: string; password: string },
  client: { ip: string; userAgent: string },
): Promise<{ token: string; next: SignInStep; csrf: string }> {
  const name = input.name.toLowerCase();
  const pair = await reserveAttempt(db, KIND.consoleLogin, `${name}|${client.ip}`);
  const byName = await reserveAttempt(db, KIND.consoleLoginName, name);
  if (pair.failures > CONSOLE_LOGIN_MAX_FAILURES || byName.failures > CONSOLE_NAME_MAX_FAILURES) {
    throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
  }
  const operator = await findOperatorByName(db, input.name);
  const ok = operator
    ? await verifyPassword(operator.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!operator || !ok || operator.disabled) throw new BusinessError(MSG_CONSOLE_LOGIN_FAILED, 401);
  await clearAttempts(db, KIND.consoleLogin, `${name}|${client.ip}`);
  await pruneSessions(db);
  const token = await createSession(db, operator.id, client);
  return { token, next: nextStep(operator), csrf: csrfOf(token) };
}

/** The first sign-in's own password, never the one-time one again. */
export async function setFirstPassword(db: Db, operatorId: number, password: string): Promise<SignInStep> {
  const row = await operatorRow(db, operatorId);
  if (!row.mustChangePassword) throw new BusinessError('无需修改密码', 409);
  if (await verifyPassword(row.passwordHash, password)) {
    throw new BusinessError('新密码不能与一次性密码相同');
  }
  await db
    .update(operators)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
    .where(eq(operators.id, row.id));
  return nextStep({ ...row, mustChangePassword: false });
}

/** The TOTP secret to scan; the same one for two enrolments at once. */
export async function enrollTotp(db: Db, operatorId: number) {
  const row = await operatorRow(db, operatorId);
  if (row.mustChangePassword) throw new BusinessError('请先设置新密码', 409);
  if (row.totpEnabled) throw new BusinessError('已绑定动态验证码', 409);
  let secret = row.totpSecret;
  if (!secret) {
    secret = newTotpSecret();
    // Only the first of two concurrent enrolments sets it; both then show the same secret.
    await db
      .update(operators)
      .set({ totpSecret: secret })
      .where(and(eq(operators.id, row.id), isNull(operators.totpSecret)));
    secret = (await operatorRow(db, operatorId)).totpSecret ?? secret;
  }
  return { secret, otpauth_url: otpauthUrl(row.name, secret) };
}

/**
 * The code: right, and of a newer time step than the last accepted one (a code is good once), within
 * the wrong-code limit. The session becomes active and the sign-in (or enrolment) is audited.
 * Answers the operator's role as it is now.
 */
export async function verifyTotp(
  db: Db,
  session: { operatorId: number; sessionId: number },
  code: string,
  by: { actor: Actor; userAgent: string },
): Promise<OperatorRole> {
  const row = await operatorRow(db, session.operatorId);
  if (row.mustChangePassword) throw new BusinessError('请先设置新密码', 409);
  if (!row.totpSecret) throw new BusinessError('请先绑定动态验证码', 409);
  const subject = String(row.id);
  const tries = await reserveAttempt(db, KIND.consoleTotp, subject);
  if (tries.failures > CONSOLE_TOTP_MAX_FAILURES) throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
  const step = totpStep(row.name, row.totpSecret, code);
  if (step === null) throw new BusinessError(MSG_TOTP_WRONG);
  const [accepted] = await db
    .update(operators)
    .set({ totpLastStep: step, totpEnabled: true, lastLoginAt: new Date(now()) })
    .where(
      and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  if (!accepted) throw new BusinessError(MSG_TOTP_WRONG);
  await clearAttempts(db, KIND.consoleTotp, subject);
  await activateSession(db, session.sessionId);
  await writeAudit(db, by.actor, {
    action: row.totpEnabled ? 'operator.signIn' : 'operator.enrollTotp',
    targetType: 'operator',
    targetId: row.id,
    after: { user_agent: by.userAgent.slice(0, 200) },
  });
  return row.role as OperatorRole;
}

/** A signed-in operator's new password, after the old one. */
export async function changeOperatorPassword(
  db: Db,
  operatorId: number,
  input: { old_password: string; password: string },
): Promise<void> {
  const row = await operatorRow(db, operatorId);
  if (!(await verifyPassword(row.passwordHash, input.old_password))) throw new BusinessError('原密码错误');
  await db
    .update(operators)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(operators.id, row.id));
}
