import { AUDIT_ACTION_LABELS, type AuditRow } from '@app/contract/console-admin';
import { formatDateTime } from '@app/contract/codecs';
import { OPS_CALLS } from '@app/contract/ops';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../core/clock';
import { cliActor, writeAudit, type Actor } from '../db/audit';
import { buildTestApp, dataOf, type TestApp } from '../../test/helpers';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../test/console-helpers';

/* The audit log browser: newest first, a page at a time, every filter. */

let t: TestApp;
let c: TestConsole;
let admin: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  admin = await c.signIn('admin');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});
afterEach(() => resetClock());

const T0 = Date.UTC(2031, 0, 5, 4, 0, 0); // 2031-01-05 12:00 Beijing
const MIN = 60_000;
const actor = (name: string): Actor => ({ operatorId: null, name, ip: '10.0.0.9' });

async function writeAt(at: number, who: Actor, action: string, targetType = '', targetId = '') {
  setClock(at);
  await writeAudit(t.db, who, { action, targetType, targetId, before: { s: 1 }, after: { s: 2 } });
  resetClock();
}

type Page = { rows: AuditRow[]; total: number };
const audit = async (query: Record<string, string>) => dataOf<Page>(await admin.get('/api/audit', query));

describe('audit log', () => {
  it('labels every console action and every command-line call', () => {
    for (const call of OPS_CALLS) expect(AUDIT_ACTION_LABELS[call.name], call.name).toMatch(/（命令行）$/);
    expect(AUDIT_ACTION_LABELS.opsApproveDeposit).toBe('存款审核通过（命令行）');
    expect(AUDIT_ACTION_LABELS['operator.reset']).toBe('重置操作员');
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 25; i += 1)
      await writeAt(T0 + i * MIN, actor('pager'), 'member.message', 'member', `${i}`);
    const p1 = await audit({ operator: 'pager', page: '1', pageSize: '10' });
    expect(p1.total).toBe(25);
    expect(p1.rows.map((r) => r.target_id)).toEqual([
      '24',
      '23',
      '22',
      '21',
      '20',
      '19',
      '18',
      '17',
      '16',
      '15',
    ]);
    const p3 = await audit({ operator: 'PAGER', page: '3', pageSize: '10' });
    expect(p3.rows.map((r) => r.target_id)).toEqual(['4', '3', '2', '1', '0']);
    const row = p3.rows[4];
    expect(row).toMatchObject({
      at: formatDateTime(T0),
      operator_id: null,
      operator_name: 'pager',
      action: 'member.message',
      target_type: 'member',
      before: { s: 1 },
      after: { s: 2 },
      ip: '10.0.0.9',
    });
    expect(row?.at).toBe('2031-01-05 12:00:00');
    expect((await audit({ operator: 'pager', page: '4', pageSize: '10' })).rows).toEqual([]);
  });

  it('filters by action, target and time (Beijing, both ends included)', async () => {
    const who = actor('filterer');
    await writeAt(T0 + 10 * MIN, who, 'deposit.approve', 'deposit', '501');
    await writeAt(T0 + 20 * MIN, who, 'deposit.reject', 'deposit', '502');
    await writeAt(T0 + 30 * MIN + 500, who, 'deposit.approve', 'deposit', '503');
    await writeAt(T0 + 40 * MIN, who, 'withdrawal.approve', 'withdrawal', '501');
    await writeAt(T0 + 50 * MIN, cliActor('127.0.0.1'), 'opsApproveDeposit');

    const ids = (p: Page) => p.rows.map((r) => `${r.target_type}:${r.target_id}`);
    expect(ids(await audit({ operator: 'filterer', action: 'deposit.approve' }))).toEqual([
      'deposit:503',
      'deposit:501',
    ]);
    expect(ids(await audit({ target_type: 'deposit', target_id: '501' }))).toEqual(['deposit:501']);
    expect(ids(await audit({ operator: 'filterer', target_id: '501' }))).toEqual([
      'withdrawal:501',
      'deposit:501',
    ]);
    // 12:20:00 to 12:30:00 Beijing: the row written at 12:30:00.500 is in, 12:40 is not.
    expect(
      ids(await audit({ operator: 'filterer', from: '2031-01-05 12:20:00', to: '2031-01-05 12:30:00' })),
    ).toEqual(['deposit:503', 'deposit:502']);
    expect(ids(await audit({ operator: 'filterer', from: '2031-01-05 12:35:00' }))).toEqual([
      'withdrawal:501',
    ]);
    expect(ids(await audit({ operator: 'filterer', to: '2031-01-05 12:10:00' }))).toEqual(['deposit:501']);
    const cli = await audit({ operator: '命令行', action: 'opsApproveDeposit' });
    expect(cli.rows[0]).toMatchObject({ operator_name: '命令行', operator_id: null, ip: '127.0.0.1' });

    const bad = await admin.get('/api/audit', { from: '2031-13-45 99:00' });
    expect(bad.body?.message).toBe('时间格式：YYYY-MM-DD HH:mm:ss');
  });

  it('is for 超级管理员 only, and reading it writes nothing', async () => {
    const finance = await c.signIn('finance');
    expect((await finance.get('/api/audit')).status).toBe(403);
    const before = (await audit({ operator: admin.name })).total;
    await audit({ operator: admin.name });
    expect((await audit({ operator: admin.name })).total).toBe(before);
  });
});
