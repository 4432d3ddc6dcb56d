import {
  MSG_DISABLE_SELF,
  MSG_LAST_ADMIN,
  MSG_RESET_SELF,
  type OperatorItem,
} from '@app/contract/console-admin';
import { MSG_CONSOLE_LOGIN_FAILED } from '@app/contract/console-auth';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../db/schema/operators';
import { buildTestApp, dataOf, type TestApp } from '../../test/helpers';
import {
  approvedBy,
  buildTestConsole,
  type ConsoleAgent,
  type TestConsole,
} from '../../test/console-helpers';
import { findOperator } from './operators';

/* Operators from the console: create, change role, disable / enable, reset; never without an
 * enabled 超级管理员; every write audited in its transaction, never with a password or a secret. */

let t: TestApp;
let c: TestConsole;
let admin: ConsoleAgent;
/** The second 超级管理员, who approves what `admin` files in 待复核. */
let checker: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  admin = await c.signIn('admin');
  checker = await c.signIn('admin');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

type Approved = { item: { status: string; result: string }; password?: string };

/** Files `body` at `path` as `maker` and has `by` approve it: the approval (or the refusal). */
async function filedAndApproved(maker: ConsoleAgent, by: ConsoleAgent, path: string, body: unknown) {
  return approvedBy(by, await maker.post(path, body));
}

async function lastAudit(targetId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'operator'), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const signedOut = async (agent: ConsoleAgent) => (await agent.get('/api/session')).status === 401;
const update = (by: ConsoleAgent, body: Record<string, unknown>) => by.post('/api/operators/update', body);

describe('operators', () => {
  it('creates one with a one-time password shown once, audited without it', async () => {
    const filed = await admin.post('/api/operators/create', { name: 'new_cashier', role: 'finance' });
    expect(dataOf(filed)).toMatchObject({ summary: '新建操作员 new_cashier（财务）' });
    expect(await t.db.select().from(operators).where(eq(operators.name, 'new_cashier'))).toEqual([]);
    const approved = dataOf<Approved>(await approvedBy(checker, filed));
    const [row] = await t.db.select().from(operators).where(eq(operators.name, 'new_cashier'));
    const made = { id: row?.id ?? 0, password: approved.password ?? '' };
    expect(row).toMatchObject({ role: 'finance' });
    expect(made.password).toHaveLength(16);
    const login = await c.send('POST', '/api/login', {
      body: { name: 'new_cashier', password: made.password },
    });
    expect(dataOf(login)).toMatchObject({ next: 'password' });

    const audit = await lastAudit(made.id);
    // Written when the checker approved it (the approval's own row names the maker).
    expect(audit).toMatchObject({
      action: 'operator.create',
      operatorId: checker.id,
      operatorName: checker.name,
      after: { name: 'new_cashier', role: 'finance' },
    });
    expect(JSON.stringify(audit)).not.toContain(made.password);

    const again = await admin.post('/api/operators/create', { name: 'NEW_cashier', role: 'support' });
    expect(again.status).toBe(409);
    expect(again.body?.message).toBe('操作员已存在');
    const bad = await admin.post('/api/operators/create', { name: 'x', role: 'finance' });
    expect(bad.body?.message).toBe('操作员名为3-32位字母、数字或下划线');

    const list = dataOf<{ rows: OperatorItem[] }>(await admin.get('/api/operators')).rows;
    expect(list.find((o) => o.id === made.id)).toMatchObject({
      name: 'new_cashier',
      role: 'finance',
      totp_enabled: false,
      disabled: false,
      must_change_password: true,
      last_login_at: null,
    });
    expect(list.find((o) => o.id === admin.id)).toMatchObject({ totp_enabled: true, role: 'admin' });
  });

  it('changes a role: the operator’s sessions end, the audit row has before and after', async () => {
    const op = await c.signIn('finance');
    const filed = await update(admin, { id: op.id, role: 'support' });
    expect(await signedOut(op)).toBe(false);
    expect(dataOf<Approved>(await approvedBy(checker, filed)).item.status).toBe('approved');
    expect((await findOperator(t.db, op.id))?.role).toBe('support');
    expect(await signedOut(op)).toBe(true);
    expect(await lastAudit(op.id)).toMatchObject({
      action: 'operator.update',
      before: { name: op.name, role: 'finance' },
      after: { name: op.name, role: 'support' },
    });
    // Nothing to change: no change, an audit row that says so.
    expect((await update(admin, { id: op.id, role: 'support' })).status).toBe(200);
    expect(await lastAudit(op.id)).toMatchObject({
      action: 'operator.update',
      before: null,
      after: { name: op.name },
    });
    expect((await update(admin, { id: 999_999, role: 'support' })).status).toBe(404);
  });

  it('disables one: its session is refused at once, and so is its password; enabling lets it sign in', async () => {
    const op = await c.signIn('support');
    expect(await signedOut(op)).toBe(false);
    expect(dataOf<OperatorItem>(await update(admin, { id: op.id, disabled: true })).disabled).toBe(true);
    expect(await signedOut(op)).toBe(true);
    expect((await op.post('/api/logout')).status).toBe(200);
    const login = await c.send('POST', '/api/login', {
      body: { name: op.name, password: 'console-pass-123' },
    });
    expect(login.body?.message).toBe(MSG_CONSOLE_LOGIN_FAILED);
    expect(await lastAudit(op.id)).toMatchObject({
      action: 'operator.signInFailed',
      after: { why: 'disabled' },
    });
    const [disabling] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(op.id)), eq(auditLog.action, 'operator.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(disabling).toMatchObject({ before: { disabled: false }, after: { disabled: true } });

    // A reset (a lost phone) does not enable it again: that is its own change.
    const reset = {
      password: dataOf<Approved>(
        await filedAndApproved(admin, checker, '/api/operators/reset', { id: op.id }),
      ).password,
    };
    expect((await findOperator(t.db, op.id))?.disabled).toBe(true);
    const afterReset = await c.send('POST', '/api/login', {
      body: { name: op.name, password: reset.password },
    });
    expect(afterReset.body?.message).toBe(MSG_CONSOLE_LOGIN_FAILED);

    await update(admin, { id: op.id, disabled: false });
    const again = await c.send('POST', '/api/login', { body: { name: op.name, password: reset.password } });
    expect(dataOf(again)).toMatchObject({ next: 'password' });
  });

  it('refuses an operator disabling itself, and leaving no enabled 超级管理员', async () => {
    const a = await c.signIn('admin');
    const b = await c.signIn('admin');
    // Only a and b are enabled 超级管理员 from here.
    await t.db
      .update(operators)
      .set({ disabled: true })
      .where(and(eq(operators.role, 'admin'), notInArray(operators.id, [a.id, b.id])));

    const self = await update(a, { id: a.id, disabled: true });
    expect([self.status, self.body?.message]).toEqual([409, MSG_DISABLE_SELF]);
    expect((await update(a, { id: b.id, disabled: true })).status).toBe(200);
    const demoteLast = await update(a, { id: a.id, role: 'finance' });
    expect([demoteLast.status, demoteLast.body?.message]).toEqual([409, MSG_LAST_ADMIN]);
    expect((await findOperator(t.db, a.id))?.role).toBe('admin');
    // With another enabled 超级管理员, a may step down once that one approves (and is signed out).
    const e = await c.signIn('admin');
    const stepDown = await update(a, { id: a.id, role: 'finance' });
    expect(dataOf<Approved>(await approvedBy(e, stepDown)).item.status).toBe('approved');
    expect(await signedOut(a)).toBe(true);

    const d = await c.signIn('admin');
    expect((await update(d, { id: e.id, disabled: true })).status).toBe(200);
    const demoteD = await update(d, { id: d.id, role: 'support' });
    expect(demoteD.body?.message).toBe(MSG_LAST_ADMIN);
  });

  it('two 超级管理员 demoting each other at once: one succeeds, one 超级管理员 remains', async () => {
    const a = await c.signIn('admin');
    const b = await c.signIn('admin');
    await t.db
      .update(operators)
      .set({ disabled: true })
      .where(and(eq(operators.role, 'admin'), notInArray(operators.id, [a.id, b.id])));
    // Each files the other's demotion; both approve at once: one runs, the other cannot.
    const demoteB = await update(a, { id: b.id, role: 'finance' });
    const demoteA = await update(b, { id: a.id, role: 'finance' });
    const results = await Promise.all([approvedBy(a, demoteA), approvedBy(b, demoteB)]);
    const outcomes = results.map((r) =>
      r.status === 200 ? dataOf<Approved>(r).item.status : String(r.status),
    );
    expect(outcomes.filter((o) => o === 'approved')).toHaveLength(1);
    const admins = await t.db
      .select()
      .from(operators)
      .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)));
    expect(admins.map((o) => o.id).filter((id) => id === a.id || id === b.id)).toHaveLength(1);
  });

  it('resets one: new one-time password, TOTP again, sessions end; the command line shares it', async () => {
    const boss = await c.signIn('admin');
    // The tests above disabled the other 超级管理员: a new one checks this reset.
    const checker = await c.signIn('admin');
    const op = await c.signIn('content');
    const self = await boss.post('/api/operators/reset', { id: boss.id });
    expect(self.body?.message).toBe(MSG_RESET_SELF);

    const filed = await boss.post('/api/operators/reset', { id: op.id });
    expect(await signedOut(op)).toBe(false);
    const approved = dataOf<Approved>(await approvedBy(checker, filed));
    const made = { password: approved.password ?? '' };
    expect(approved.item.result).toBe(`操作员 ${op.name} 已重置`);
    expect(await signedOut(op)).toBe(true);
    const row = await findOperator(t.db, op.id);
    expect(row).toMatchObject({ mustChangePassword: true, totpEnabled: false, totpSecret: null });
    const login = await c.send('POST', '/api/login', { body: { name: op.name, password: made.password } });
    expect(dataOf(login)).toMatchObject({ next: 'password' });
    const audit = await lastAudit(op.id);
    expect(audit).toMatchObject({
      action: 'operator.reset',
      operatorName: checker.name,
      before: { must_change_password: false, totp_enabled: true, disabled: false },
      after: { must_change_password: true, totp_enabled: false, disabled: false, sessions_ended: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(new RegExp(`${made.password}|secret`, 'i'));

    // The command line's operator:reset: the same effect.
    const cli = dataOf<{ password: string }>(await t.op('/operators/reset', { name: op.name }));
    expect(cli.password).not.toBe(made.password);
    const cliLogin = await c.send('POST', '/api/login', { body: { name: op.name, password: cli.password } });
    expect(dataOf(cliLogin)).toMatchObject({ next: 'password' });
  });

  it('is for 超级管理员 only', async () => {
    const finance = await c.signIn('finance');
    expect((await finance.get('/api/operators')).status).toBe(403);
    expect((await finance.post('/api/operators/create', { name: 'sneaky', role: 'admin' })).status).toBe(403);
    expect((await update(finance, { id: finance.id, role: 'admin' })).status).toBe(403);
  });
});
