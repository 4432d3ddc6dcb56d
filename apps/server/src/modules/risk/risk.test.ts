/* Risk control (issue 31): the app's device id at registration and sign-in, linked accounts scored by
 * what members share (whitelist and staff addresses excluded), and a linked member's withdrawal held
 * for 风控: 财务 is refused until 风控 clears it, on the live score. */
import { DEVICE_ID_PATTERN } from '@app/contract/auth-forms';
import { REVIEW_STATES } from '@app/contract/enums';
import {
  msgRiskWaiting,
  MSG_RISK_NOT_WAITING,
  RISK_STATES,
  type LinkedAccount,
} from '@app/contract/console-risk';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { pendingWithdrawal, uniqueMobile } from '../../../test/console-samples/money';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema/accounts';
import { withdrawals } from '../../db/schema/money';
import { auditLog, memberLogins } from '../../db/schema/operators';
import { activities, activityApplications } from '../../db/schema/promo';
import { memberDevices } from '../../db/schema/risk';
import { scoreLinks } from './links';
import { getRiskConfig } from './settings';

let t: TestApp;
let c: TestConsole;
let admin: ConsoleAgent;
let finance: ConsoleAgent;
let risk: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  [admin, finance, risk] = [await c.signIn('admin'), await c.signIn('finance'), await c.signIn('risk')];
}, 60_000);
afterEach(async () => {
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
afterAll(async () => {
  await c.close();
  await t.close();
});

const DEFAULT_SETTINGS = {
  weights: { device: 60, ip: 20, card: 80, usdt: 80, wallet: 80, mobile: 80, realname: 20 },
  link_score: 50,
  hold_score: 60,
  big_win: '50000.00',
  big_deposit: '50000.00',
  big_withdrawal: '50000.00',
};
const saveSettings = async (over: Partial<typeof DEFAULT_SETTINGS>) =>
  dataOf(await admin.post('/api/risk/settings', { ...DEFAULT_SETTINGS, ...over }));
const linksOf = async (agent: ConsoleAgent, id: number) =>
  dataOf<{ rows: LinkedAccount[] }>(await agent.get('/api/members/links', { id: String(id) })).rows;
const mobileOf = async (id: number) =>
  (await t.db.select({ m: users.mobile }).from(users).where(eq(users.id, id)))[0]?.m ?? '';

describe('the device id', () => {
  it('is recorded with the registration and each sign-in; one that is not ours is dropped', async () => {
    const device = 'a1b2c3d4e5f6a7b8c9d0';
    expect(DEVICE_ID_PATTERN.test(device)).toBe(true);
    const a = await t.newMember({ device_id: device });
    const b = await t.newMember({ device_id: 'not a device id!' });
    const signIn = await t.post('/api/login_pc', { name: b.name, password: b.password, device_id: device });
    expect(signIn.body?.code).toBe(200);
    const logins = await t.db
      .select({ userId: memberLogins.userId, kind: memberLogins.kind, deviceId: memberLogins.deviceId })
      .from(memberLogins)
      .where(eq(memberLogins.deviceId, device));
    expect(logins).toEqual(
      expect.arrayContaining([
        { userId: a.id, kind: 'register', deviceId: device },
        { userId: b.id, kind: 'login', deviceId: device },
      ]),
    );
    const [bRegistered] = await t.db
      .select({ deviceId: memberLogins.deviceId })
      .from(memberLogins)
      .where(and(eq(memberLogins.userId, b.id), eq(memberLogins.kind, 'register')));
    expect(bRegistered?.deviceId).toBe('');
    const devices = await t.db.select().from(memberDevices).where(eq(memberDevices.deviceId, device));
    expect(devices.map((d) => d.userId).sort()).toEqual([a.id, b.id].sort());
    // One device (weight 60 ≥ 50): linked, with the reason.
    const [link] = await linksOf(risk, a.id);
    expect(link).toMatchObject({ user_id: b.id, username: b.name, score: 60 });
    expect(link?.reasons).toEqual([{ kind: 'device', label: '同设备', value: device }]);
  });
});

describe('linked accounts', () => {
  it('add each kind once; the link score decides', async () => {
    const config = await getRiskConfig(t.db);
    const facts = [
      { uid: 2, kind: 'ip' as const, value: '1.1.1.1' },
      { uid: 2, kind: 'ip' as const, value: '2.2.2.2' },
      { uid: 2, kind: 'realname' as const, value: '张三' },
      { uid: 3, kind: 'mobile' as const, value: '13900000000' },
      { uid: 3, kind: 'ip' as const, value: '1.1.1.1' },
    ];
    // uid 2: ip 20 once + realname 20 = 40 < 50, not linked; uid 3: mobile 80 + ip 20 = 100.
    expect(scoreLinks(facts, config).map((l) => [l.userId, l.score])).toEqual([[3, 100]]);
  });

  it('never come from an address operators sign in from, nor from a whitelisted value', async () => {
    await saveSettings({ weights: { ...DEFAULT_SETTINGS.weights, ip: 60 } });
    try {
      // Every test request comes from 127.0.0.1, where the operators signed in too.
      const a = await t.newMember();
      await t.newMember();
      expect(await linksOf(finance, a.id)).toEqual([]);
    } finally {
      await saveSettings({});
    }
    const mobile = uniqueMobile();
    const a = await t.newMember();
    const b = await t.newMember();
    for (const m of [a, b]) dataOf(await t.post('/api/auth/updateuserinfo', { mobile }, { token: m.token }));
    expect((await linksOf(risk, a.id)).map((l) => [l.user_id, l.score])).toEqual([[b.id, 80]]);
    const entry = dataOf<{ id: number }>(
      await admin.post('/api/risk/whitelist/add', { kind: 'mobile', value: mobile, note: '一家人' }),
    );
    expect(await linksOf(risk, a.id)).toEqual([]);
    const again = await admin.post('/api/risk/whitelist/add', { kind: 'mobile', value: mobile });
    expect([again.status, again.body?.message]).toEqual([409, '该值已在白名单中']);
    dataOf(await admin.post('/api/risk/whitelist/remove', { id: entry.id }));
    expect(await linksOf(risk, a.id)).toHaveLength(1);
  });
});

describe('a bonus review', () => {
  it('names the linked accounts that already had the activity', async () => {
    const mobile = uniqueMobile();
    const [had, asks] = [await t.newMember(), await t.newMember()];
    for (const m of [had, asks])
      dataOf(await t.post('/api/auth/updateuserinfo', { mobile }, { token: m.token }));
    const [activity] = await t.db.select({ id: activities.id }).from(activities).limit(1);
    const activityId = activity?.id ?? 0;
    const at = new Date();
    await t.db.insert(activityApplications).values([
      {
        userId: had.id,
        activityId,
        state: REVIEW_STATES.approved,
        reviewedBy: 'test',
        reviewedAt: at,
        createdAt: at,
      },
      { userId: asks.id, activityId, state: REVIEW_STATES.pending, createdAt: at },
    ]);
    const page = dataOf<{ items: { user_id: number; linked_claims: { username: string }[] }[] }>(
      await finance.get('/api/applications/activity', { state: 'pending', page: '1', pageSize: '100' }),
    );
    const mine = page.items.find((i) => i.user_id === asks.id);
    expect(mine?.linked_claims).toEqual([{ user_id: had.id, username: had.name }]);
  });
});

describe('a linked member’s withdrawal', () => {
  it('waits for 风控: 财务 is refused until 风控 clears it, then pays', async () => {
    const first = await pendingWithdrawal(t);
    const mobile = await mobileOf(first.userId);
    // The second account shares the mobile before it withdraws: stored as 待风控.
    const second = await pendingWithdrawal(t, { mobile });
    const [stored] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, second.id));
    expect([stored?.riskScore, stored?.riskState]).toEqual([60, RISK_STATES.waiting]);
    const queue = dataOf<{ rows: { id: number; risk_state: number; risk_score: number }[] }>(
      await risk.get('/api/withdrawals', { state: '1', page: '1', pageSize: '50' }),
    );
    expect(queue.rows.find((r) => r.id === second.id)).toMatchObject({ risk_state: 1, risk_score: 60 });

    // The panel: first withdrawal (20) + linked (40).
    const detail = dataOf<{ risk: { score: number; flags: { flag: string; detail: string }[] } }>(
      await risk.get('/api/withdrawals/detail', { id: String(second.id) }),
    );
    expect(detail.risk.score).toBe(60);
    expect(detail.risk.flags.map((f) => f.flag)).toEqual(['first_withdrawal', 'linked']);
    expect(detail.risk.flags[1]?.detail).toContain(first.name);

    // The first one was stored before the link, but the approval re-assesses it.
    for (const id of [first.id, second.id]) {
      const refused = await finance.post('/api/withdrawals/approve', { id });
      expect([refused.status, refused.body?.message]).toEqual([400, msgRiskWaiting(60)]);
    }
    const noNote = await risk.post('/api/withdrawals/risk-clear', { id: second.id, note: ' ' });
    expect(noNote.body?.message).toBe('请填写放行说明（最多200字）');
    const cleared = dataOf<{ risk_state: number }>(
      await risk.post('/api/withdrawals/risk-clear', { id: second.id, note: '已视频核实，两个账户为夫妻' }),
    );
    expect(cleared.risk_state).toBe(RISK_STATES.cleared);
    const twice = await risk.post('/api/withdrawals/risk-clear', { id: second.id, note: '再次' });
    expect([twice.status, twice.body?.message]).toEqual([409, MSG_RISK_NOT_WAITING]);
    expect((await finance.post('/api/withdrawals/approve', { id: second.id })).body?.code).toBe(200);
    // 风控 cannot pay out; it may reject.
    expect((await risk.post('/api/withdrawals/approve', { id: first.id })).status).toBe(403);
    expect(
      (await risk.post('/api/withdrawals/reject', { id: first.id, reason: '多账户套利' })).body?.code,
    ).toBe(200);
    const [audit] = await t.db
      .select({ by: auditLog.operatorName, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.riskClear'), eq(auditLog.targetId, String(second.id))));
    expect(audit).toEqual({ by: risk.name, after: { risk_state: 2, note: '已视频核实，两个账户为夫妻' } });
  });

  it('goes straight to 财务 when a 超级管理员 raises the hold score above it', async () => {
    const first = await pendingWithdrawal(t);
    const second = await pendingWithdrawal(t, { mobile: await mobileOf(first.userId) });
    await saveSettings({ hold_score: 61 });
    try {
      expect((await finance.post('/api/withdrawals/approve', { id: second.id })).body?.code).toBe(200);
    } finally {
      await saveSettings({});
    }
    const refused = await risk.post('/api/risk/settings', DEFAULT_SETTINGS);
    expect(refused.status).toBe(403);
  });
});
