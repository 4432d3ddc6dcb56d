/**
 * Issue 13 item 8: member text reaches the operator's terminal escaped. A real name, a card holder
 * and an agent reason holding "\x1b[2K\r" (erase the line, back to its start) and U+202E (right-to-left
 * override) are printed by user:list, withdrawal:list and agent:list through the real command line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../core/config';
import { users } from '../db/schema/accounts';
import { withdrawals } from '../db/schema/money';
import { agentApplications } from '../db/schema/promo';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { table } from './commands/format';
import { safeCell, safeData, safeOutput } from './sanitize';
import { operatorTokenPath } from './token';

const run = promisify(execFile);
const HOSTILE = 'Ann\u001b[2K\rBob\u202eevil\u2066x\u0007\u009b\u007f';
/** Anything a terminal would act on: C0 but newline, DEL, C1, the bidi controls. */
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('escaping', () => {
  it('shows every control character of a value as a visible escape', () => {
    expect(safeCell(HOSTILE)).toBe('Ann\\x1b[2K\\rBob\\u202eevil\\u2066x\\x07\\x9b\\x7f');
    expect(safeCell('a\nb\tc\u200f\u2028')).toBe('a\\nb\\tc\\u200f\\u2028');
    expect(safeCell('演示会员 ok')).toBe('演示会员 ok');
    // The whole output keeps its own newlines and tabs.
    expect(safeOutput('a\tb\nc\u001b[31m')).toBe('a\tb\nc\\x1b[31m');
    expect(safeData({ k: [HOSTILE, 5, null, { 'x\u001b': true }] })).toEqual({
      k: [safeCell(HOSTILE), 5, null, { 'x\\x1b': true }],
    });
  });

  it('a table cell cannot add a line or move the columns', () => {
    const lines = table(['id', 'name'], [['1', 'a\nb\u001b[2K']]).split('\n');
    expect(lines).toEqual(['id  name', '--  -----------', '1   a\\nb\\x1b[2K']);
  });
});

describe('the command line prints member text escaped', () => {
  let t: TestApp;
  let dataDir: string;
  let base: string;
  let member: { name: string; id: number };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-safe-'));
    writeFileSync(operatorTokenPath(dataDir), `${t.operatorToken}\n`, { mode: 0o600 });

    member = await t.newMember();
    await t.db.update(users).set({ realname: HOSTILE }).where(eq(users.id, member.id));
    const at = new Date();
    await t.db.insert(withdrawals).values({
      orderNo: `Wsafe${member.id}`,
      userId: member.id,
      kind: 'bank',
      amountCents: 10_000n,
      account: `6222${HOSTILE}`,
      accountName: HOSTILE,
      state: 1,
      createdAt: at,
    });
    await t.db
      .insert(agentApplications)
      .values({ userId: member.id, mobile: '13800138000', reason: HOSTILE, state: 1, createdAt: at });
  });
  afterAll(async () => {
    await t.close();
  });

  const ops = async (args: string[]) => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, OPS_URL: base },
      cwd: SERVER_ROOT,
    });
    return stdout + stderr;
  };

  it.each([
    ['user:list', ['user:list', '1000']],
    ['withdrawal:list', ['withdrawal:list', '1']],
    ['agent:list', ['agent:list', '1']],
  ])('%s', async (_name, args) => {
    const out = await ops(args);
    expect(out).toContain(member.name);
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('Ann\\x1b[2K\\rBob\\u202eevil\\u2066x\\x07\\x9b\\x7f');
    // The member's line is one line.
    const line = out.split('\n').find((l) => l.includes(member.name)) ?? '';
    expect(line).toContain('\\u202e');
  });
});
