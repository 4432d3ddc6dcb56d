/**
 * Shared by the proof tests (fuzzer, model-based test, SIGKILL test): every call of the contract,
 * enumerated from the contract's modules, the request fields of a call read from its schema, a
 * snapshot of members' wallets, and a member ready for money calls (card, USDT address, mobile).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CALLS } from '@app/contract/calls';
import type { CallDef } from '@app/contract/define';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { wallets } from '../../src/db/schema/wallets';
import { dataOf, type TestApp } from '../helpers';

const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

export const isCall = (v: unknown): v is CallDef =>
  !!v &&
  typeof v === 'object' &&
  'path' in v &&
  'method' in v &&
  'request' in v &&
  'response' in v &&
  typeof (v as { path: unknown }).path === 'string';

/**
 * Every call exported by any module of packages/contract/src (tests excluded), with ALL_CALLS:
 * a call added to the contract is fuzzed without touching the fuzzer. One per (method, path, multipart).
 */
export async function contractCalls(): Promise<CallDef[]> {
  const files = readdirSync(CONTRACT_SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found: CallDef[] = [...ALL_CALLS];
  for (const f of files) {
    const mod = (await import(join(CONTRACT_SRC, f))) as Record<string, unknown>;
    // Operator calls (ops*.ts) and the console's (console*.ts, on its own listener) are not the
    // members': they have their own tests (ops.test.ts, console/console-roles.test.ts).
    for (const v of Object.values(mod)) {
      if (isCall(v) && v.auth !== 'operator' && v.auth !== 'console') found.push(v);
    }
  }
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.method} ${c.path} ${c.multipart}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/* Reading a zod (mini or classic) schema ---------------------------------------------------------- */

interface Def {
  type: string;
  shape?: Record<string, { _zod?: { def?: Def } }>;
  in?: { _zod?: { def?: Def } };
  innerType?: { _zod?: { def?: Def } };
  options?: { _zod?: { def?: Def } }[];
  left?: { _zod?: { def?: Def } };
  right?: { _zod?: { def?: Def } };
  values?: unknown[];
}
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The object fields a request schema reads, with the literal values seen for each (discriminators). */
export function requestFields(schema: unknown): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const walk = (s: unknown, depth: number) => {
    const d = defOf(s);
    if (!d || depth > 12) return;
    switch (d.type) {
      case 'object':
        for (const [k, v] of Object.entries(d.shape ?? {})) {
          const list = out.get(k) ?? [];
          const fd = defOf(v);
          if (fd?.type === 'literal') list.push(...(fd.values ?? []));
          out.set(k, list);
        }
        return;
      case 'pipe':
        return walk(d.in, depth + 1);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
        return walk(d.innerType, depth + 1);
      case 'union':
        for (const o of d.options ?? []) walk(o, depth + 1);
        return;
      case 'intersection':
        walk(d.left, depth + 1);
        walk(d.right, depth + 1);
        return;
      default:
        return;
    }
  };
  walk(schema, 0);
  return out;
}

/* Wallets ---------------------------------------------------------------------------------------- */

/** `userId/venue → cents` for the given members (every wallet they have). */
export async function walletSnapshot(db: Db, userIds: number[]): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ userId: wallets.userId, venue: wallets.venue, cents: wallets.balanceCents })
    .from(wallets)
    .where(inArray(wallets.userId, userIds));
  return new Map(rows.map((r) => [`${r.userId}/${r.venue}`, r.cents]));
}

/** Differences between two snapshots, for messages ('' when equal; missing wallets count as 0). */
export function snapshotDiff(a: Map<string, bigint>, b: Map<string, bigint>, userId?: number): string {
  const keys = new Set([...a.keys(), ...b.keys()]);
  const diffs: string[] = [];
  for (const k of keys) {
    if (userId !== undefined && !k.startsWith(`${userId}/`)) continue;
    const x = a.get(k) ?? 0n;
    const y = b.get(k) ?? 0n;
    if (x !== y) diffs.push(`${k}: ${x} → ${y}`);
  }
  return diffs.join(', ');
}

export function totalOf(s: Map<string, bigint>, userId: number): bigint {
  let sum = 0n;
  for (const [k, v] of s) if (k.startsWith(`${userId}/`)) sum += v;
  return sum;
}

/* Members ---------------------------------------------------------------------------------------- */

export const PAY_PASSWORD = 'pay246810';

export interface ReadyMember {
  name: string;
  password: string;
  token: string;
  id: number;
  bankCardId: number;
  usdtId: number;
}

/**
 * A member with a pay password distinct from the login password, `yuan` in the central wallet, a
 * bank card `cardNo`, a USDT address and a bound mobile.
 */
export async function readyMember(
  t: TestApp,
  yuan: string,
  cardNo: string,
  usdtAddress: string,
  realname = '张三',
): Promise<ReadyMember> {
  const m = await t.newMember({ paypassword: PAY_PASSWORD, realname });
  if (yuan !== '0') await t.fund(m.id, yuan);
  const bind = async (body: Record<string, unknown>) =>
    dataOf(await t.post('/api/bindcard', { ...body, pay_pass: PAY_PASSWORD }, { token: m.token }));
  await bind({ bank: '招商银行', bank_owner: realname, bank_no: cardNo, bank_address: '深圳' });
  await bind({ bank: 'USDT', bank_owner: 'TRC20', bank_no: usdtAddress });
  dataOf(await t.post('/api/auth/updateuserinfo', { mobile: '13812345678' }, { token: m.token }));
  const idOf = async (type: number) => {
    const list = dataOf<{ id: number }[]>(await t.post('/api/getcard', { type }, { token: m.token }));
    const id = list[0]?.id;
    if (id === undefined) throw new Error('no card');
    return id;
  };
  return { ...m, bankCardId: await idOf(1), usdtId: await idOf(2) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
