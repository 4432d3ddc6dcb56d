import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/operators';
import { wallets } from '../db/schema/wallets';
import { SERVER_ROOT } from '../core/config';
import { buildTestApp, dataOf, expectEnvelope, type CallOptions, type TestApp } from '../../test/helpers';
import { OPS_CALLS } from '@app/contract/ops';
import { COMMANDS } from './commands/all';
import { displayWidth, table, UsageError } from './commands/format';
import { commandRequest } from './commands/wire';
import { ensureOperatorToken, operatorTokenPath, readOperatorToken } from './token';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const asOperator = (opts: CallOptions = {}): CallOptions => ({
  ...opts,
  headers: { authorization: `Bearer ${t.operatorToken}`, ...opts.headers },
});

describe('operator API access', () => {
  it('answers a loopback peer with the operator token (IPv4, IPv6, mapped)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      dataOf(await t.get('/ops/users', {}, asOperator({ remoteAddress })));
    }
  });

  it('looks like nothing is there to any other peer, even with the right token', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1']) {
      const r = await t.get('/ops/users', {}, asOperator({ remoteAddress }));
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([404, '接口不存在']);
    }
  });

  it('refuses requests relayed by a proxy on this machine', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
    ];
    for (const headers of relayed) {
      expect((await t.get('/ops/users', {}, asOperator({ headers }))).status).toBe(404);
    }
  });

  it('refuses a missing or wrong token', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${t.operatorToken}x` },
      { authorization: `Basic ${t.operatorToken}` },
      { authorization: `Bearer ${'A'.repeat(10_000)}` },
    ];
    for (const headers of wrong) {
      const r = await t.get('/ops/users', {}, { headers });
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([401, '操作员令牌无效']);
    }
    // A member's session token is not an operator token.
    const member = await t.login('demo001', 'demo123');
    expect((await t.get('/ops/users', {}, { token: member })).status).toBe(401);
  });

  it('is off when the server has no operator token', async () => {
    const off = await buildTestApp({ database: t.database, operatorToken: null });
    try {
      expect((await off.get('/ops/users', {}, asOperator())).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('operator routes', () => {
  it('user list: members with central balance', async () => {
    const data = dataOf<{ total: number; users: Record<string, unknown>[] }>(
      await t.get('/ops/users', {}, asOperator()),
    );
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'demo001', balance: '1000.00', vip: 'P1', is_trial: 0 }),
        expect.objectContaining({ username: 'guest888', is_trial: 1 }),
      ]),
    );
    expect((await t.get('/ops/users', { limit: '0' }, asOperator())).status).toBe(400);
  });

  it('maintenance on shows the tips instead of the app; off opens it again', async () => {
    const on = dataOf(
      await t.post('/ops/site/maintenance', { on: true, tips: '升级中，稍后回来' }, asOperator()),
    );
    expect(on).toEqual({ site_state: 0, repair_tips: '升级中，稍后回来' });
    expect(dataOf(await t.post('/api/app'))).toMatchObject({
      site_state: 0,
      repair_tips: '升级中，稍后回来',
    });
    dataOf(await t.post('/ops/site/maintenance', { on: false }, asOperator()));
    expect(dataOf(await t.post('/api/app'))).toMatchObject({ site_state: 1 });
    for (const body of [{}, { on: 'yes' }, { on: true, tips: 'x'.repeat(501) }]) {
      const r = await t.post('/ops/site/maintenance', body, asOperator());
      expectEnvelope(r);
      expect(r.status).toBe(400);
    }
  });

  it('block signs a member out at once (sign-in then answers 403), as the console does; unblock lets them back', async () => {
    const m = await t.newMember();
    dataOf(await t.post('/ops/users/block', { username: m.name.toUpperCase(), blocked: true }, asOperator()));
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    const again = await t.post('/api/login_pc', { name: m.name, password: m.password });
    expect([again.status, again.body?.message]).toEqual([403, '账号已被冻结']);
    dataOf(await t.post('/ops/users/block', { username: m.name, blocked: false }, asOperator()));
    // The session the block ended stays ended (it came back after unblock before).
    expect((await t.post('/api/balance', {}, { token: m.token })).status).toBe(401);
    dataOf(await t.post('/api/balance', {}, { token: await t.login(m.name, m.password) }));
    expect(
      (await t.post('/ops/users/block', { username: 'nobody999', blocked: true }, asOperator())).status,
    ).toBe(404);
  });
});

describe('operator calls of the contract', () => {
  it('every call of OPS_CALLS has its route, and every command makes one of them', () => {
    for (const c of OPS_CALLS) expect(t.app.hasRoute({ method: c.method, url: c.path }), c.name).toBe(true);
    for (const c of COMMANDS) expect(OPS_CALLS, c.name).toContain(c.call);
  });

  it('refuses a day that does not exist with 400 (was a 500 for month 00 or 13)', async () => {
    for (const day of ['2026-13-01', '2026-00-10', '2026-02-30']) {
      const r = await t.post('/ops/rebates/compute', { day }, asOperator());
      expectEnvelope(r);
      expect([r.status, r.body.message]).toEqual([400, '日期格式：YYYY-MM-DD']);
    }
  });

  it("prints each list command's reply as read by its call", async () => {
    const lists: [string, string[]][] = [
      ['pay:list', []],
      ['user:list', []],
      ['deposit:list', ['0']],
      ['withdrawal:list', ['0']],
      ['activity:list', ['0']],
      ['agent:list', ['0']],
      ['lottery:rounds', ['jnd28', '3']],
      ['ledger:check', []],
    ];
    for (const [name, args] of lists) {
      const command = COMMANDS.find((c) => c.name === name);
      if (!command) throw new Error(`no command ${name}`);
      const req = commandRequest(command, args);
      const r =
        req.method === 'GET'
          ? await t.get(req.path, req.query, asOperator())
          : await t.post(req.path, req.body, asOperator());
      const data = command.call.response.parse(dataOf(r));
      expect(command.print(data, ''), name).toMatch(/\S/);
    }
    // The daily job has no command; its reply is the call's too (checked against the contract).
    expect(dataOf(await t.post('/ops/promo/daily', { day: '2020-01-01' }, asOperator()))).toEqual({
      day: '2020-01-01',
      rebates: 0,
      promoted: 0,
      demoted: 0,
    });
  });

  it('gives a command typed requests of its call', () => {
    const cmd = (name: string) => COMMANDS.find((c) => c.name === name);
    expect(cmd('user:list')?.request(['5'])).toEqual({ limit: '5', offset: '0' });
    expect(cmd('withdrawal:list')?.request(['0'])).toEqual({ state: 0 });
    expect(cmd('ledger:check')?.request([])).toBeUndefined();
  });
});

describe('operator token file', () => {
  it('is created with mode 0600, kept across starts, and tightened when loosened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-token-'));
    const token = ensureOperatorToken(dir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(operatorTokenPath(dir)).mode & 0o777).toBe(0o600);
    expect(ensureOperatorToken(dir)).toBe(token);
    chmodSync(operatorTokenPath(dir), 0o644);
    expect(ensureOperatorToken(dir)).toBe(token);
    expect(statSync(operatorTokenPath(dir)).mode & 0o777).toBe(0o600);
    expect(readOperatorToken(dir)).toBe(token);
    expect(readOperatorToken(join(dir, 'missing'))).toBeNull();
  });

  it('refuses an unusable token file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-token-'));
    writeFileSync(operatorTokenPath(dir), 'short\n', { mode: 0o600 });
    expect(() => ensureOperatorToken(dir)).toThrow(/no usable operator token/);
  });
});

describe('command table', () => {
  const cmd = (name: string) => {
    const found = COMMANDS.find((c) => c.name === name);
    if (!found) throw new Error(`no command ${name}`);
    return found;
  };

  /** What the command sends for these arguments (method, path under /ops, query or JSON body). */
  const wire = (name: string, args: string[]) => commandRequest(cmd(name), args);

  it('turns arguments into requests, or explains the usage', () => {
    expect(wire('site:maintenance', ['on', '系统', '升级'])).toEqual({
      method: 'POST',
      path: '/ops/site/maintenance',
      body: { on: true, tips: '系统 升级' },
    });
    expect(wire('site:maintenance', ['off']).body).toEqual({ on: false });
    expect(() => wire('site:maintenance', [])).toThrow(UsageError);
    expect(() => wire('site:maintenance', ['maybe'])).toThrow(UsageError);
    expect(wire('user:list', []).query).toEqual({ limit: '100', offset: '0' });
    expect(() => wire('user:list', ['ten'])).toThrow(UsageError);
    expect(() => wire('user:block', [])).toThrow(UsageError);
    expect(wire('wallet:credit', ['demo001', '12.50']).body).toEqual({
      username: 'demo001',
      amount: '12.50',
    });
    expect(() => wire('wallet:credit', ['demo001', '-1'])).toThrow(UsageError);
    expect(() => wire('wallet:credit', ['demo001'])).toThrow(UsageError);
    expect(wire('deposit:approve', ['D1']).body).toEqual({ deposit_no: 'D1' });
    expect(() => wire('deposit:reject', [])).toThrow(UsageError);
    expect(wire('deposit:list', []).query).toEqual({ state: '1' });
    expect(() => wire('withdrawal:list', ['7'])).toThrow(UsageError);
    expect(wire('withdrawal:approve', ['12']).body).toEqual({ id: 12 });
    expect(() => wire('withdrawal:reject', ['x'])).toThrow(UsageError);
    expect(wire('bet:record', ['demo001', 'AG', '100']).body).toEqual({
      username: 'demo001',
      platform: 'AG',
      amount: '100',
    });
    expect(() => wire('bet:record', ['demo001', 'AG'])).toThrow(UsageError);
    expect(wire('ledger:check', [])).toEqual({ method: 'GET', path: '/ops/ledger/check' });
  });

  it('lines up tables with Chinese text', () => {
    expect(displayWidth('演示会员')).toBe(8);
    const lines = table(
      ['a', 'name'],
      [
        ['1', '演示会员'],
        ['22', 'x'],
      ],
    ).split('\n');
    expect(lines).toEqual(['a   name', '--  --------', '1   演示会员', '22  x']);
  });
});

describe('the command line against a running server', () => {
  const cli = join(SERVER_ROOT, 'src/ops/cli.ts');
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    writeFileSync(operatorTokenPath(dataDir), `${t.operatorToken}\n`, { mode: 0o600 });
  });

  const ops = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, OPS_URL: base, ...env },
        cwd: SERVER_ROOT,
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('user:list prints the members; site:maintenance switches the site', async () => {
    const [list, on] = await Promise.all([
      ops(['user:list']),
      ops(['site:maintenance', 'on', '今晚', '维护']),
    ]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/demo001\s+演示会员\s+P1\s+1000\.00/);
    expect(on).toMatchObject({ code: 0 });
    expect(on.stdout).toContain('今晚 维护');
    expect(dataOf(await t.post('/api/app'))).toMatchObject({ site_state: 0, repair_tips: '今晚 维护' });
    expect((await ops(['site:maintenance', 'off'])).code).toBe(0);
  });

  it('wallet:credit, deposit:list and ledger:check (exit 1 when the ledger is broken)', async () => {
    const m = await t.newMember();
    const credit = await ops(['wallet:credit', '--operator', 'alice.w', m.name, '66.60']);
    expect(credit).toMatchObject({ code: 0 });
    expect(credit.stdout).toContain(`Credited 66.60 to ${m.name}; balance 66.60.`);
    // The audit row names who ran it and the amount as typed, in yuan.
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'opsCreditWallet'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      operatorName: '命令行（alice.w）',
      after: { username: m.name, amount: '66.60' },
    });
    const bad = await ops(['wallet:credit', '--operator', 'a b', m.name, '1']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--operator')]);
    const [check, list] = await Promise.all([ops(['ledger:check']), ops(['deposit:list', '0'])]);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('Ledger balanced.');
    expect(list.code).toBe(0);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, m.id));
    if (!w) throw new Error('no wallet');
    await t.db.update(wallets).set({ balanceCents: 1n }).where(eq(wallets.id, w.id));
    try {
      const broken = await ops(['ledger:check']);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('账目不平衡');
    } finally {
      await t.db.update(wallets).set({ balanceCents: 6_660n }).where(eq(wallets.id, w.id));
    }
  });

  it('exit codes: 2 for usage, 1 when refused, 3 without a server or a token', async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const [usage, unknown, wrongToken, noServer, noToken] = await Promise.all([
      ops(['site:maintenance']),
      ops(['frobnicate']),
      ops(['user:list'], {
        DATA_DIR: (() => {
          const d = mkdtempSync(join(tmpdir(), 'ops-cli-bad-'));
          writeFileSync(operatorTokenPath(d), 'not-the-token\n', { mode: 0o600 });
          return d;
        })(),
      }),
      ops(['user:list'], { OPS_URL: `http://127.0.0.1:${closedPort}` }),
      ops(['user:list'], { DATA_DIR: mkdtempSync(join(tmpdir(), 'ops-cli-empty-')) }),
    ]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run ops -- site:maintenance');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('refused the operator token');
    expect(noServer.code).toBe(3);
    expect(noServer.stderr).toContain(`No server answers at http://127.0.0.1:${closedPort}`);
    expect(noToken.code).toBe(3);
    expect(noToken.stderr).toContain('No operator token');
    expect(readFileSync(operatorTokenPath(dataDir), 'utf8').trim()).toBe(t.operatorToken);
  });
});
