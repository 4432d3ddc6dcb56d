import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORDERS_PER_SECOND } from '@app/contract/lottery';
import { z } from 'zod';

/**
 * The repository root (…/main): the nearest folder above this file that holds apps/server, never the
 * cwd. This file runs from apps/server/src/core (tsx) and bundled in apps/server/dist.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/server/package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}
export const REPO_ROOT = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)));
/** apps/server itself. */
export const SERVER_ROOT = resolve(REPO_ROOT, 'apps/server');

const fromRepoRoot = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));

/** An environment variable set to '' counts as unset. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};
/** A whole number in [min, max]; '' or unset gives the default. */
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(unsetIfEmpty, wholeNumber(min, max).default(fallback));
/** A whole number in [min, max], or undefined when '' or unset. */
const optionalInt = (min: number, max: number) =>
  z.preprocess(unsetIfEmpty, wholeNumber(min, max).optional());

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TRUST_PROXY: false (default), true, a hop count, or a comma-separated list of addresses / CIDRs. */
const TrustProxy = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      const t = v.trim().toLowerCase();
      if (t === 'false' || t === '0' || t === 'no') return false;
      if (t === 'true' || t === 'yes') return true;
      if (/^\d+$/.test(t)) return Number(t);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length === 0 || list.some((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count or a comma-separated list of IP addresses / CIDRs',
        });
        return z.NEVER;
      }
      return list;
    }),
);

const EnvSchema = z.object({
  PORT: int(0, 65535, 8080),
  HOST: z.preprocess(unsetIfEmpty, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** 1: seed demo members with money (default on the embedded database only); 0: never. */
  DEMO: z.preprocess(unsetIfEmpty, z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional()),
  LOTTERY_PERIOD_SECONDS: optionalInt(5, 86_400),
  DEMO_AUTO_APPROVE_SECONDS: optionalInt(0, 86_400),
  /** Moves the server's one clock by this many seconds (demos and journeys of time windows). */
  CLOCK_OFFSET_SECONDS: optionalInt(-366 * 86_400, 366 * 86_400),
  /** Stops the server's clock at this instant (screenshot tests); refused when NODE_ENV=production. */
  CLOCK_FIXED_AT: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
        'must be an ISO instant with its offset, e.g. 2026-01-15T10:30:00+08:00',
      )
      .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a real date and time')
      .optional(),
  ),
  NODE_ENV: z.preprocess(unsetIfEmpty, z.string().optional()),
  WEB_DIST: z.preprocess(unsetIfEmpty, z.string().default('apps/web/dist')),
  /** The agents' back office (apps/agent), served at /agent/ on the members' address. */
  AGENT_DIST: z.preprocess(unsetIfEmpty, z.string().default('apps/agent/dist')),
  /** The support desk's page (apps/support), served at /support/ on the members' address. */
  SUPPORT_DIST: z.preprocess(unsetIfEmpty, z.string().default('apps/support/dist')),
  /** The operators' console: its own listener (0 picks a free port), never the members' address. */
  CONSOLE_HOST: z.preprocess(unsetIfEmpty, z.string().min(1).default('127.0.0.1')),
  CONSOLE_PORT: int(0, 65535, 8090),
  CONSOLE_DIST: z.preprocess(unsetIfEmpty, z.string().default('apps/console/dist')),
  LOG_LEVEL: z.preprocess(
    unsetIfEmpty,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  TRUST_PROXY: TrustProxy,
  /** Where members reach the app (the seeded h5_url, used in referral links). */
  PUBLIC_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
      .optional(),
  ),
  /** Extra origins the app may frame (an external support desk or sponsor page), space separated. */
  CSP_FRAME_SRC: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^(https:\/\/[^\s;,']+)(\s+https:\/\/[^\s;,']+)*$/,
        'must be https:// origins separated by spaces',
      )
      .optional(),
  ),
  RATE_LIMIT_LOGIN_PER_MINUTE: int(1, 100_000, 20),
  RATE_LIMIT_LOGIN_FAILURES_PER_15MIN: int(1, 100_000, 5),
  RATE_LIMIT_NAME_FAILURES_PER_15MIN: int(1, 1_000_000, 100),
  RATE_LIMIT_REGISTER_PER_HOUR: int(1, 100_000, 10),
  RATE_LIMIT_ORDERS_PER_SECOND: int(1, 1000, ORDERS_PER_SECOND),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Demo mode: demo members with money are seeded and their passwords printed (server-rules.md). */
  demo: boolean;
  lotteryPeriodSeconds: number | undefined;
  demoAutoApproveSeconds: number | undefined;
  /** Seconds the server's clock runs ahead (negative: behind) of real time. */
  clockOffsetSeconds: number;
  /** Epoch ms the server's clock stands still at (tests only), or undefined for a running clock. */
  clockFixedAt: number | undefined;
  /** Absolute. */
  webDist: string;
  /** Absolute: the built agent back office, served at /agent/. */
  agentDist: string;
  /** Absolute: the built support desk page, served at /support/. */
  supportDist: string;
  console: {
    host: string;
    port: number;
    /** Absolute: the built console. */
    dist: string;
  };
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | number | string[];
  /** Origin members use, no trailing slash, e.g. http://127.0.0.1:8080. */
  publicUrl: string;
  cspFrameSrc: string[];
  rateLimit: {
    /** Login attempts per client IP per minute. */
    loginPerMinute: number;
    /** Failed logins per (user name, client address) per 15 minutes; then that pair is refused for the rest of the window. */
    loginFailuresPer15Min: number;
    /**
     * Failed logins per user name from all addresses per 15 minutes; then the name is refused for the
     * rest of the window, except from addresses that signed in to it before (the member's usual ones).
     */
    loginNameFailuresPer15Min: number;
    /** Registrations per client IP per hour. */
    registerPerHour: number;
    /** Lottery orders per member per second, on this process (modules/lottery/order-desk.ts). */
    ordersPerSecond: number;
  };
  /** Check every reply against the contract before sending it (tests; costs CPU). */
  checkReplies: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?');
      const got = env[key];
      return `  ${key}=${got === undefined ? '(unset)' : JSON.stringify(got)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A stopped clock would stop the draws and never expire a session: never on a real site.
  if (e.CLOCK_FIXED_AT !== undefined && e.NODE_ENV === 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  CLOCK_FIXED_AT=${JSON.stringify(e.CLOCK_FIXED_AT)}: is for tests; refused with NODE_ENV=production`,
    );
  }
  const reachableHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const hostPart = reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRepoRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO === undefined ? !e.DATABASE_URL : e.DEMO === '1',
    lotteryPeriodSeconds: e.LOTTERY_PERIOD_SECONDS,
    demoAutoApproveSeconds: e.DEMO_AUTO_APPROVE_SECONDS,
    clockOffsetSeconds: e.CLOCK_OFFSET_SECONDS ?? 0,
    clockFixedAt: e.CLOCK_FIXED_AT === undefined ? undefined : Date.parse(e.CLOCK_FIXED_AT),
    webDist: fromRepoRoot(e.WEB_DIST),
    agentDist: fromRepoRoot(e.AGENT_DIST),
    supportDist: fromRepoRoot(e.SUPPORT_DIST),
    console: { host: e.CONSOLE_HOST, port: e.CONSOLE_PORT, dist: fromRepoRoot(e.CONSOLE_DIST) },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://${hostPart}:${e.PORT}`).replace(/\/+$/, ''),
    cspFrameSrc: e.CSP_FRAME_SRC ? e.CSP_FRAME_SRC.split(/\s+/) : [],
    rateLimit: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginFailuresPer15Min: e.RATE_LIMIT_LOGIN_FAILURES_PER_15MIN,
      loginNameFailuresPer15Min: e.RATE_LIMIT_NAME_FAILURES_PER_15MIN,
      registerPerHour: e.RATE_LIMIT_REGISTER_PER_HOUR,
      ordersPerSecond: e.RATE_LIMIT_ORDERS_PER_SECOND,
    },
    checkReplies: false,
  };
}
