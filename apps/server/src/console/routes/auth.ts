import {
  consoleChangePassword,
  consoleEnrollTotp,
  consoleLogin,
  consoleLogout,
  consoleSession,
  consoleSetPassword,
  consoleVerifyTotp,
  MSG_CONSOLE_LOGIN_FAILED,
  MSG_CONSOLE_TOO_MANY,
  MSG_TOTP_WRONG,
  type ConsoleSession,
} from '@app/contract/console-auth';
import {
  CONSOLE_IDLE_MINUTES,
  CONSOLE_SESSION_COOKIE,
  type OperatorRole,
} from '@app/contract/console-define';
import { and, eq, isNull, or, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { writeAudit } from '../../db/audit';
import { operators } from '../../db/schema/operators';
import { parseInput } from '../../http/endpoint';
import { clearAttempts, KIND, reserveAttempt } from '../../identity/limits';
import { hashPassword, verifyNothing, verifyPassword } from '../../identity/passwords';
import { findOperator, findOperatorByName, newTotpSecret, otpauthUrl, totpStep } from '../operators';
import { consoleEndpoint, sessionToken } from '../respond';
import {
  activateSession,
  createSession,
  csrfOf,
  pruneSessions,
  revokeSession,
  type ConsoleOperator,
} from '../session';

/** Failed sign-ins per (name, address) and per name, and wrong codes per operator, per 15 minutes. */
export const CONSOLE_LOGIN_MAX_FAILURES = 5;
export const CONSOLE_NAME_MAX_FAILURES = 20;
export const CONSOLE_TOTP_MAX_FAILURES = 5;

type Next = 'password' | 'enroll' | 'totp';
const nextStep = (o: { mustChangePassword: boolean; totpEnabled: boolean }): Next =>
  o.mustChangePassword ? 'password' : o.totpEnabled ? 'totp' : 'enroll';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

const sessionReply = (o: ConsoleOperator): ConsoleSession => ({
  id: o.id,
  name: o.name,
  role: o.role,
  csrf: o.csrf,
  idle_minutes: CONSOLE_IDLE_MINUTES,
});

async function operatorOf(app: FastifyInstance, o: ConsoleOperator) {
  const row = await findOperator(app.db, o.id);
  if (!row) throw new BusinessError('操作员不存在', 404);
  return row;
}

/** Console sign-in, session and sign-out. */
export default async function consoleAuthRoutes(app: FastifyInstance) {
  loginRoute(app);
  signInSteps(app);
  consoleEndpoint(app, consoleSession, async ({ operator }) => ({ data: sessionReply(operator) }));

  app.post(consoleLogout.path, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await revokeSession(app.db, token);
    reply.clearCookie(CONSOLE_SESSION_COOKIE, { path: '/' });
    return { code: 200, message: '已退出', data: null };
  });

  consoleEndpoint(app, consoleChangePassword, async ({ input, operator, audit }) => {
    const row = await operatorOf(app, operator);
    if (!(await verifyPassword(row.passwordHash, input.old_password))) throw new BusinessError('原密码错误');
    await app.db
      .update(operators)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(operators.id, row.id));
    await audit({ action: 'operator.changePassword', targetType: 'operator', targetId: row.id });
    return { data: null, message: '密码修改成功' };
  });
}

/** The password step: anyone; refused in the same words whether the name exists or not. */
function loginRoute(app: FastifyInstance) {
  app.post(consoleLogin.path, async (request, reply) => {
    const input = parseInput(consoleLogin, request.body ?? {}) as { name: string; password: string };
    const name = input.name.toLowerCase();
    const pair = await reserveAttempt(app.db, KIND.consoleLogin, `${name}|${request.ip}`);
    const byName = await reserveAttempt(app.db, KIND.consoleLoginName, name);
    if (pair.failures > CONSOLE_LOGIN_MAX_FAILURES || byName.failures > CONSOLE_NAME_MAX_FAILURES) {
      throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
    }
    const operator = await findOperatorByName(app.db, input.name);
    const ok = operator
      ? await verifyPassword(operator.passwordHash, input.password)
      : await verifyNothing(input.password);
    if (!operator || !ok || operator.disabled) throw new BusinessError(MSG_CONSOLE_LOGIN_FAILED, 401);
    await clearAttempts(app.db, KIND.consoleLogin, `${name}|${request.ip}`);
    await pruneSessions(app.db);
    const token = await createSession(app.db, operator.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    setSessionCookie(request, reply, token);
    return { code: 200, message: '成功', data: { next: nextStep(operator), csrf: csrfOf(token) } };
  });
}

/** After the password: a new password (first sign-in), the TOTP enrolment, the TOTP code. */
function signInSteps(app: FastifyInstance) {
  consoleEndpoint(app, consoleSetPassword, async ({ input, operator }) => {
    const row = await operatorOf(app, operator);
    if (!row.mustChangePassword) throw new BusinessError('无需修改密码', 409);
    if (await verifyPassword(row.passwordHash, input.password)) {
      throw new BusinessError('新密码不能与一次性密码相同');
    }
    await app.db
      .update(operators)
      .set({ passwordHash: await hashPassword(input.password), mustChangePassword: false })
      .where(eq(operators.id, row.id));
    return { data: { next: nextStep({ ...row, mustChangePassword: false }), csrf: operator.csrf } };
  });

  consoleEndpoint(app, consoleEnrollTotp, async ({ operator }) => {
    const row = await operatorOf(app, operator);
    if (row.mustChangePassword) throw new BusinessError('请先设置新密码', 409);
    if (row.totpEnabled) throw new BusinessError('已绑定动态验证码', 409);
    let secret = row.totpSecret;
    if (!secret) {
      secret = newTotpSecret();
      // Only the first of two concurrent enrolments sets it; both then show the same secret.
      await app.db
        .update(operators)
        .set({ totpSecret: secret })
        .where(and(eq(operators.id, row.id), isNull(operators.totpSecret)));
      secret = (await operatorOf(app, operator)).totpSecret ?? secret;
    }
    return { data: { secret, otpauth_url: otpauthUrl(row.name, secret) } };
  });

  consoleEndpoint(app, consoleVerifyTotp, async ({ input, operator, request, actor }) => {
    const row = await operatorOf(app, operator);
    if (row.mustChangePassword) throw new BusinessError('请先设置新密码', 409);
    if (!row.totpSecret) throw new BusinessError('请先绑定动态验证码', 409);
    const subject = String(row.id);
    const tries = await reserveAttempt(app.db, KIND.consoleTotp, subject);
    if (tries.failures > CONSOLE_TOTP_MAX_FAILURES) throw new BusinessError(MSG_CONSOLE_TOO_MANY, 429);
    const step = totpStep(row.name, row.totpSecret, input.code);
    if (step === null) throw new BusinessError(MSG_TOTP_WRONG);
    // A code is good once: the step must be newer than the last accepted one (two tabs, a replay).
    const [accepted] = await app.db
      .update(operators)
      .set({ totpLastStep: step, totpEnabled: true, lastLoginAt: new Date(now()) })
      .where(
        and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
      )
      .returning({ id: operators.id });
    if (!accepted) throw new BusinessError(MSG_TOTP_WRONG);
    await clearAttempts(app.db, KIND.consoleTotp, subject);
    await activateSession(app.db, operator.sessionId);
    await writeAudit(app.db, actor, {
      action: row.totpEnabled ? 'operator.signIn' : 'operator.enrollTotp',
      targetType: 'operator',
      targetId: row.id,
      after: { user_agent: (request.headers['user-agent'] ?? '').slice(0, 200) },
    });
    return { data: sessionReply({ ...operator, role: row.role as OperatorRole }) };
  });
}
