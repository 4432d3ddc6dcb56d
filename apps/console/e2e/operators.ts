/* The console journeys' operators: created with the command line, signed in through the console's API,
 * their TOTP codes. Used by global-setup.ts and fixtures.ts; journeys import from fixtures.ts. */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

export const MEMBER_URL = `http://127.0.0.1:${process.env.E2E_MEMBER_PORT ?? '8191'}`;
export const CONSOLE_URL = `http://127.0.0.1:${process.env.E2E_CONSOLE_PORT ?? '8192'}`;
const STATE_DIR = process.env.E2E_CONSOLE_STATE_DIR ?? '';

export type Role = 'admin' | 'finance' | 'support' | 'content' | 'risk';

/** The operators global setup makes, one per role and a second 财务 for races. */
export const OPERATOR_KEYS = {
  admin: { name: 'admin01', role: 'admin' },
  finance: { name: 'caiwu01', role: 'finance' },
  finance2: { name: 'caiwu02', role: 'finance' },
  support: { name: 'kefu01', role: 'support' },
  content: { name: 'yunying01', role: 'content' },
  risk: { name: 'fengkong01', role: 'risk' },
} as const satisfies Record<string, { name: string; role: Role }>;
export type OperatorKey = keyof typeof OPERATOR_KEYS;

export interface Operator {
  name: string;
  role: Role;
  /** Its own password, set at the first sign-in. */
  password: string;
  /** The TOTP secret (base32) enrolled at the first sign-in. */
  secret: string;
  /** The storage state (session cookie) of its signed-in session, for `browser.newContext`. */
  storageState: string;
}

/** Runs the operator command line against the journeys' server, as an operator would; its stdout. */
export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'ops', '--', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_CONSOLE_DATA_DIR,
      PORT: process.env.E2E_MEMBER_PORT,
    },
  });
  return stdout;
}

/**
 * The same operator API the command line calls (`npm run ops`), straight over HTTP with the token in
 * DATA_DIR/operator-token: milliseconds instead of the command line's seconds, for set-up. `call` is an
 * ops call of the contract (e.g. opsCreditWallet from @app/contract/ops-money); returns its data.
 */
export async function opsApi<T = unknown>(
  call: { method: 'GET' | 'POST'; path: string },
  input: Record<string, unknown> = {},
): Promise<T> {
  const token = readFileSync(join(process.env.E2E_CONSOLE_DATA_DIR ?? '', 'operator-token'), 'utf8').trim();
  const url = new URL(call.path, MEMBER_URL);
  if (call.method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(call.method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${call.path}: ${res.status} ${body.message}`);
  return body.data;
}

/** `operator:create <name> <role>` (or `operator:reset <name>`): the one-time password it prints. */
export async function opsOperator(command: 'create' | 'reset', name: string, role?: Role): Promise<string> {
  const out = await ops(`operator:${command}`, name, ...(role ? [role] : []));
  const password = /One-time password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`operator:${command} printed no one-time password:\n${out}`);
  return password;
}

const TOTP_PERIOD_MS = 30_000;
const totpStep = (ms = Date.now()) => Math.floor(ms / TOTP_PERIOD_MS);

/** The 6-digit code of `secret` now (or at `ms`), as an authenticator app shows it. */
export function totp(secret: string, ms = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: ms,
  });
}

/* The server takes a code once per 30-second step per operator (no replay): remember the last step
 * used for each operator, across global setup and the worker, in the state directory. */
const stepsFile = () => join(STATE_DIR, 'totp-steps.json');
function readSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A code for `name` the server has not seen yet: waits for the next 30-second step when this one has
 * been used for this operator (at most 30 s).
 */
export async function freshTotp(name: string, secret: string): Promise<string> {
  const last = readSteps()[name] ?? -1;
  while (totpStep() <= last) await new Promise((r) => setTimeout(r, 250));
  const step = totpStep();
  writeFileSync(stepsFile(), JSON.stringify({ ...readSteps(), [name]: step }));
  return totp(secret, step * TOTP_PERIOD_MS + 1000);
}

async function post(api: APIRequestContext, path: string, data: object, csrf: string) {
  const r = await api.post(path, { data, headers: { 'x-csrf-token': csrf }, failOnStatusCode: false });
  const body = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (body.code !== 200) throw new Error(`${path}: ${r.status()} ${body.message}`);
  return body.data;
}

/**
 * Signs `name` in through the console's API and saves the session cookie to `storageState`. With a
 * one-time password it sets `password` and enrols TOTP on the way; returns the TOTP secret.
 */
export async function signInByApi(opts: {
  name: string;
  password: string;
  /** The one-time password, for a first sign-in. */
  oneTime?: string;
  /** The TOTP secret of an operator already enrolled. */
  secret?: string;
  storageState: string;
}): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: CONSOLE_URL });
  try {
    const first = await post(
      api,
      '/api/login',
      { name: opts.name, password: opts.oneTime ?? opts.password },
      '',
    );
    const csrf = String(first.csrf);
    let next = String(first.next);
    if (next === 'password')
      next = String((await post(api, '/api/login/password', { password: opts.password }, csrf)).next);
    let secret = opts.secret ?? '';
    if (next === 'enroll') {
      const r = await api.get('/api/login/enroll');
      secret = ((await r.json()) as { data: { secret: string } }).data.secret;
    }
    if (!secret) throw new Error(`${opts.name}: no TOTP secret to sign in with`);
    await post(api, '/api/login/totp', { code: await freshTotp(opts.name, secret) }, csrf);
    await api.storageState({ path: opts.storageState });
    return secret;
  } finally {
    await api.dispose();
  }
}

export const OPERATOR_PASSWORD = 'e2e-Passw0rd!';

/** A new operator of `role`: created with the command line, signed in once (password set, TOTP enrolled). */
export async function createOperator(name: string, role: Role): Promise<Operator> {
  const oneTime = await opsOperator('create', name, role);
  const storageState = join(STATE_DIR, `${name}.state.json`);
  const secret = await signInByApi({ name, password: OPERATOR_PASSWORD, oneTime, storageState });
  return { name, role, password: OPERATOR_PASSWORD, secret, storageState };
}

const operatorsFile = () => join(STATE_DIR, 'operators.json');

export function saveOperators(all: Record<OperatorKey, Operator>): void {
  writeFileSync(operatorsFile(), JSON.stringify(all, null, 2));
}

let saved: Record<OperatorKey, Operator> | null = null;
/** The operators global setup made (one per role, and finance2). */
export function savedOperators(): Record<OperatorKey, Operator> {
  saved ??= JSON.parse(readFileSync(operatorsFile(), 'utf8')) as Record<OperatorKey, Operator>;
  return saved;
}
