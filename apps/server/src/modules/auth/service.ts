import { MSG_BAD_LOGIN, type UserInfoWire } from '@app/contract/auth';
import { formatCents } from '@app/contract/codecs';
import { eq, sql } from 'drizzle-orm';
import { now, wholeDaysBetween } from '../../core/clock';
import type { Config } from '../../core/config';
import { pgErrorCode, UNIQUE_VIOLATION, type Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { memberLogins } from '../../db/schema/operators';
import { makeAgent, placeNewMember } from '../agents/tree';
import { recordDevice } from '../risk/devices';
import { assertMayRegister } from '../risk/blacklist';
import { BusinessError } from '../../core/errors';
import { MSG_BLOCKED } from '../../http/plugins/auth';
import { SEED_ASSET_PREFIX } from '../../core/paths';
import { getSettings } from '../site/service';
import { balances, openCentralWallet } from '../wallet/service';
import { loginSucceeded, reserveLogin } from '../../identity/limits';
import { hashPassword, verifyNothing, verifyPassword } from '../../identity/passwords';
import { createSession, pruneSessions } from '../../identity/sessions';
import { idempotencyKeys } from '../../db/schema/money';
import { registrationKeyRow, repeatedRegistration } from './registration-key';

export const MSG_REFERRER_MISSING = '推荐人不存在';
export const MSG_REFERRER_TRIAL = '试玩账号不能作为推荐人';
export const vipLabel = (level: number) => `P${level}`;

const byName = (name: string) => sql`lower(${users.username}) = ${name.toLowerCase()}`;

/** Where a sign-in came from: the member page lists it, linked accounts and withdrawals read it. */
export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The app's device id ('' when none came). */
  deviceId?: string | undefined;
}

/**
 * Records a sign-in, the registration or an entry into the agent back office through its ticket
 * (member_logins, member_devices), in the caller's transaction.
 */
export async function recordSignIn(
  db: Db,
  userId: number,
  client: SignInClient | undefined,
  kind: 'login' | 'register' | 'agent_ticket' = 'login',
): Promise<void> {
  if (!client) return;
  const at = new Date(now());
  const deviceId = client.deviceId ?? '';
  await db
    .insert(memberLogins)
    .values({ userId, ip: client.ip, userAgent: client.userAgent.slice(0, 300), deviceId, kind, at });
  if (deviceId) await recordDevice(db, userId, deviceId, at);
}

export interface RegisterInput {
  name: string;
  realname?: string | undefined;
  password: string;
  paypassword?: string | undefined;
  pid: number | null;
  /** An agent's invite code (issue 33): the member joins that agent's downline, or becomes its sub-agent. */
  inviteCode?: string | null | undefined;
}

/**
 * Registers a member with a central wallet and signs them in; returns the session token. With an
 * Idempotency-Key, a repeat of the same registration signs in to the account it created
 * (registration-key.ts) instead of answering 用户名已存在.
 */
export async function register(
  db: Db,
  input: RegisterInput,
  client?: SignInClient,
  key: string | null = null,
): Promise<string> {
  const repeated = () => repeatedRegistration(db, input, key, (tx, id) => recordSignIn(tx, id, client));
  if (client) await assertMayRegister(db, client);
  const [taken] = await db.select({ id: users.id }).from(users).where(byName(input.name));
  if (taken) return repeated();
  if (input.pid !== null) {
    const [referrer] = await db
      .select({ id: users.id, trial: users.isTrial })
      .from(users)
      .where(eq(users.id, input.pid));
    if (!referrer) throw new BusinessError(MSG_REFERRER_MISSING);
    // The shared trial account is everybody's: as a referrer every visitor would see its downline.
    if (referrer.trial === 1) throw new BusinessError(MSG_REFERRER_TRIAL);
  }
  const passwordHash = await hashPassword(input.password);
  const payPasswordHash =
    input.paypassword === undefined || input.paypassword === input.password
      ? passwordHash
      : await hashPassword(input.paypassword);
  try {
    return await db.transaction(async (tx) => {
      const placed = await placeNewMember(tx, {
        pid: input.pid,
        inviteCode: input.inviteCode ?? null,
        deviceId: client?.deviceId ?? '',
      });
      const [row] = await tx
        .insert(users)
        .values({
          username: input.name,
          realname: input.realname ?? '',
          passwordHash,
          payPasswordHash,
          avatar: `${SEED_ASSET_PREFIX}avatar.svg`,
          pid: placed.pid,
          agentId: placed.agentId,
          createdAt: new Date(now()),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      if (placed.subAgent) await makeAgent(tx, row.id, placed.agentId, placed.subAgent.rates);
      await openCentralWallet(tx, row.id);
      if (key !== null) await tx.insert(idempotencyKeys).values(registrationKeyRow(row.id, key, input));
      await recordSignIn(tx, row.id, client, 'register');
      return createSession(tx, row.id);
    });
  } catch (err) {
    // The same name registered meanwhile (on PostgreSQL the insert waited for it): maybe this very intent.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) return repeated();
    throw err;
  }
}

/**
 * Signs in by name and password from a client address. One message for an unknown name and a wrong
 * password. Failures are limited per (name, address) and per name (limits.ts), for existing and
 * unknown names alike, except the trial account's: its password is public, so counting would only
 * let anyone lock it. Each sign-in is a new session; `mustChangePassword` when the password is a
 * one-time one an operator set (the session is then held to changing it: sessions.ts).
 */
export async function login(
  db: Db,
  config: Pick<Config, 'rateLimit'>,
  input: {
    name: string;
    password: string;
    address: string;
    userAgent?: string;
    deviceId?: string | undefined;
  },
): Promise<{ token: string; mustChangePassword: boolean }> {
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      blocked: users.blocked,
      isTrial: users.isTrial,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(byName(input.name));
  const limited = user?.isTrial !== 1;
  if (limited) await reserveLogin(db, config.rateLimit, input.name, input.address);

  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!user || !ok) throw new BusinessError(MSG_BAD_LOGIN);
  if (user.blocked) throw new BusinessError(MSG_BLOCKED, 403);

  if (limited) await loginSucceeded(db, input.name, input.address);
  await pruneSessions(db, user.id);
  await recordSignIn(db, user.id, {
    ip: input.address,
    userAgent: input.userAgent ?? '',
    deviceId: input.deviceId,
  });
  return { token: await createSession(db, user.id), mustChangePassword: user.mustChangePassword };
}

/** userInfo of spec §3 in the API family's wire shape. */
export async function userInfo(db: Db, userId: number): Promise<UserInfoWire> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new BusinessError('用户不存在', 404);
  const [money, settings] = await Promise.all([balances(db, userId), getSettings(db)]);
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    balance: formatCents(money.central),
    gameblance: formatCents(money.venues),
    vip: vipLabel(u.vipLevel),
    current_vip: vipLabel(u.vipLevel),
    paysum: formatCents(u.paysumCents),
    joinday: wholeDaysBetween(u.createdAt.getTime()),
    isagent: u.isagent,
    mobile: u.mobile,
    email: u.email,
    birthday: u.birthday,
    usdtrate: Number(settings.usdtrate),
    transferstatus: u.transferstatus,
    withdrawcashfee: formatCents(settings.withdrawcashfeeCents),
    withdrawfeeusdttrc: formatCents(settings.withdrawfeeusdttrcCents),
    withdrawusdtrate: Number(settings.withdrawusdtrate),
    is_trial: u.isTrial,
    must_change_password: u.mustChangePassword,
    must_change_pay_password: u.mustChangePayPassword,
  };
}
