/* An operator's sign-in, step by step: the password (refused in the same words whether the name exists
 * or not), a password of one's own at the first sign-in, the TOTP enrolment, the TOTP code; and a
 * change of password later. The console's routes only carry the cookie and the replies. */
import {
  MSG_CONSOLE_LOGIN_FAILED,
  MSG_CONSOLE_TOO_MANY,
  MSG_ENROLL_SHOWN,
  MSG_OLD_PASSWORD_WRONG,
  MSG_TOTP_WRONG,
} from '@app/contract/console-auth';
import type { OperatorRole } from '@app/contract/console-define';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { now } from '../core/clock';
import { BusinessError } from '../core/errors';
import { writeAudit, type Actor } from '../db/audit';
import type { Db } from '../db/client';
import { operators } from '../db/schema/operators';
import {
  clearAttempts,
  KIND,
  OPERATOR_SIGN_IN,
  passwordAccepted,
  rememberAddress,
  reserveAttempt,
  reserveSignIn,
} from './limits';
import {
  activateSession,
  createSession,
  csrfOf,
  enrolmentSecretOf,
  pruneSessions,
  revokeOperatorSessions,
  takeEnrolmentSecret,
} from './operator-sessions';
import { findOperator, findOperatorByName, newTotpSecret, otpauthUrl, totpStep } from './operators';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';

/** Failed sign-ins per (name, address) and per name, and wrong codes per operator, per 15 minutes. */
export const CONSOLE_LOGIN_MAX_FAILURES = 5;
export const CONSOLE_NAME_MAX_FAILURES = 20;
export const CONSOLE_TOTP_MAX_FAILURES = 5;
/** Wrong old passwords per operator per 15 minutes when changing its own. */
export const CONSOLE_PASSWORD_MAX_FAILURES = 5;

export type SignInStep = 'password' | 'enroll' | 'totp';

/** What the operator must do next: a password of its own, then a TOTP enrolment, then codes. */
export const nextStep = (o: { mustChangePassword: boolean; totpEnabled: boolean }): SignInStep =>
  o.mustChangePassword ? 'password' : o.totpEnabled ? 'totp' : 'enroll';

async function operatorRow(db: Db, id: number) {
  const row = await findOperator(db, id);
  if (!row) throw new BusinessError('操作员不存在', 404);
  return row;
}

/** An audit row of a refused step, written whatever the request's fate (no transaction holds it). */
async function auditRefusal(
  db: Db,
  who: { operatorId: number | null; name: string; ip: string },
  action: string,
  after: Record<string, unknown>,
) {
  await writeAudit(db, who, {
    action,
    targetType: 'operator',
    targetId: who.operatorId ?? '',
    after: { name: who.name, ...after },
  });
}

/**
 * The password step: a new session (pending until the code) and what comes next. Counted per
 * (name, address) and per name; the name's ceiling never shuts out an address the operator finished
 * a sign-in from before (limits.ts reserveSignIn). Failures and the lockout are audited.
 */
export async function signInWithPassword(
  db: Db,
  input: { name: string; password: string },
  client: { ip: string; userAgent: string },
): Promise<{ token: string; next: SignInStep; csrf: string }> {
  const max = { pair: CONSOLE_LOGIN_MAX_FAILURES, name: CONSOLE_NAME_MAX_FAILURES };
  const refusal = await reserveSignIn(db, OPERATOR_SIGN_IN, max, input.name, client.ip);
  const operator = await findOperatorByName(db, input.name);
  const who = {
    operatorId: operator?.id ?? null,
    name: operator?.name ?? input.name.slice(0, 40),
    ip: client.ip,
  };
  if (refusal) {
    if (refusal.justLocked) await auditRefusal(db, who, 'operator.lockedOut', { scope: refusal.scope });
    throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
  }
  const ok = operator
    ? await verifyPassword(operator.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!operator || !ok || operator.disabled) {
    const why = !operator ? 'unknown_name' : !ok ? 'wrong_password' : 'disabled';
    await auditRefusal(db, who, 'operator.signInFailed', { why, user_agent: client.userAgent.slice(0, 200) });
    throw new BusinessError(MSG_CONSOLE_LOGIN_FAILED, 401);
  }
  await passwordAccepted(db, OPERATOR_SIGN_IN, input.name, client.ip);
  await pruneSessions(db);
  const token = await createSession(db, operator.id, client);
  return { token, next: nextStep(operator), csrf: csrfOf(token) };
}

/** The first sign-in's own password, never the one-time one again. */
export async function setFirstPassword(
  db: Db,
  operatorId: number,
  password: string,
  actor: Actor,
): Promise<SignInStep> {
  const row = await operatorRow(db, operatorId);
  if (!row.mustChangePassword) throw new BusinessError('无需修改密码', 409);
  if (await verifyPassword(row.passwordHash, password)) {
    throw new BusinessError('新密码不能与一次性密码相同');
  }
  await db
    .update(operators)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
    .where(eq(operators.id, row.id));
  await writeAudit(db, actor, { action: 'operator.firstPassword', targetType: 'operator', targetId: row.id });
  return nextStep({ ...row, mustChangePassword: false });
}

/**
 * The TOTP secret to scan, shown once and to the session that asked: it lives on that session until
 * its first right code makes it the operator's. Another session (the password known elsewhere) gets
 * a secret of its own, useless to this one; asking twice in one session is refused.
 */
export async function enrollTotp(db: Db, session: { operatorId: number; sessionId: number }) {
  const row = await operatorRow(db, session.operatorId);
  if (row.mustChangePassword) throw new BusinessError('请先设置新密码', 409);
  if (row.totpEnabled) throw new BusinessError('已绑定动态验证码', 409);
  const secret = newTotpSecret();
  if (!(await takeEnrolmentSecret(db, session.sessionId, secret)))
    throw new BusinessError(MSG_ENROLL_SHOWN, 409);
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
  // Enrolled: the operator's secret; enrolling: the one this session was shown.
  const secret = row.totpEnabled ? row.totpSecret : await enrolmentSecretOf(db, session.sessionId);
  if (!secret) throw new BusinessError('请先绑定动态验证码', 409);
  const subject = String(row.id);
  const tries = await reserveAttempt(db, KIND.consoleTotp, subject);
  if (tries.failures > CONSOLE_TOTP_MAX_FAILURES) {
    if (tries.failures === CONSOLE_TOTP_MAX_FAILURES + 1) {
      await auditRefusal(db, by.actor, 'operator.lockedOut', { scope: 'totp' });
    }
    throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
  }
  const step = totpStep(row.name, secret, code);
  if (step === null) {
    await auditRefusal(db, by.actor, 'operator.totpFailed', { enrolling: !row.totpEnabled });
    throw new BusinessError(MSG_TOTP_WRONG);
  }
  const [accepted] = await db
    .update(operators)
    .set({ totpSecret: secret, totpLastStep: step, totpEnabled: true, lastLoginAt: new Date(now()) })
    .where(
      and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  if (!accepted) throw new BusinessError(MSG_TOTP_WRONG);
  await clearAttempts(db, KIND.consoleTotp, subject);
  await activateSession(db, session.sessionId);
  await rememberAddress(db, OPERATOR_SIGN_IN, row.name, by.actor.ip);
  await writeAudit(db, by.actor, {
    action: row.totpEnabled ? 'operator.signIn' : 'operator.enrollTotp',
    targetType: 'operator',
    targetId: row.id,
    after: { user_agent: by.userAgent.slice(0, 200) },
  });
  return row.role as OperatorRole;
}

/**
 * A signed-in operator's new password, after the old one: wrong old passwords are limited as codes
 * are and audited; the change ends the operator's other sessions (a thief's included), in one
 * transaction with its audit row.
 */
export async function changeOperatorPassword(
  db: Db,
  session: { operatorId: number; sessionId: number },
  input: { old_password: string; password: string },
  actor: Actor,
): Promise<void> {
  const row = await operatorRow(db, session.operatorId);
  const subject = String(row.id);
  const tries = await reserveAttempt(db, KIND.consolePassword, subject);
  if (tries.failures > CONSOLE_PASSWORD_MAX_FAILURES) {
    if (tries.failures === CONSOLE_PASSWORD_MAX_FAILURES + 1) {
      await auditRefusal(db, actor, 'operator.lockedOut', { scope: 'password' });
    }
    throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
  }
  if (!(await verifyPassword(row.passwordHash, input.old_password))) {
    await auditRefusal(db, actor, 'operator.changePasswordFailed', {});
    throw new BusinessError(MSG_OLD_PASSWORD_WRONG);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, row.id));
    const ended = await revokeOperatorSessions(tx, row.id, session.sessionId);
    await writeAudit(tx, actor, {
      action: 'operator.changePassword',
      targetType: 'operator',
      targetId: row.id,
      after: { name: row.name, other_sessions_ended: ended },
    });
  });
  await clearAttempts(db, KIND.consolePassword, subject);
}
