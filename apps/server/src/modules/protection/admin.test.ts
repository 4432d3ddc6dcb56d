/**
 * Issue 32, the console side of 责任博彩: the member page shows the limits, their history with who
 * set them and the breaks; an operator may only tighten (audited, the member told by a site
 * message); only a 超级管理员 lifts an exclusion, after its minimum, with a reason (audited).
 */
import {
  MSG_LIFT_NOT_EXCLUSION,
  MSG_LIFT_TOO_EARLY,
  MSG_ONLY_TIGHTEN,
  type MemberProtection,
  type ProtectionReport,
} from '@app/contract/console-protection';
import { MSG_CONSOLE_FORBIDDEN } from '@app/contract/console-define';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, idem, type TestApp } from '../../../test/helpers';
import { advanceClock, resetClock } from '../../core/clock';
import { auditLog } from '../../db/schema/operators';
import { siteMessages } from '../../db/schema/promo';
import { takeBreak } from './service';

let t: TestApp;
let c: TestConsole;
let support: ConsoleAgent;
let admin: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  support = await c.signIn('support');
  admin = await c.signIn('admin');
}, 60_000);
afterAll(async () => {
  resetClock();
  await c.close();
  await t.close();
});

const DAY = 86_400_000;
const page = async (id: number) =>
  dataOf<MemberProtection>(await support.get('/api/members/protection', { id: String(id) }));
const refusal = (r: { status: number; body: { message?: string } | null }) => [r.status, r.body?.message];

describe('the member page', () => {
  it('shows the session-time limit, a waiting longer one, and its history in minutes', async () => {
    const m = await t.newMember();
    for (const minutes of [60, 0]) {
      dataOf(await t.post('/api/protection/session_limit', { minutes }, { token: m.token }));
    }
    const shown = await page(m.id);
    expect(shown.session_limit).toEqual({ minutes: 60, pending_minutes: 0 });
    expect(shown.history.map((h) => [h.kind, h.action, h.amount, h.actor])).toEqual([
      ['session', 'remove_requested', '不限', 'member'],
      ['session', 'set', '60分钟', 'member'],
    ]);
  });
});

describe('tightening a member’s limit', () => {
  it('a new or lower limit applies at once, is audited, and the member is told; a raise is refused', async () => {
    const m = await t.newMember();
    dataOf(
      await t.post(
        '/api/protection/limit',
        { kind: 'loss', period: 'week', amount: '500' },
        { token: m.token },
      ),
    );
    dataOf(
      await t.post(
        '/api/protection/limit',
        { kind: 'loss', period: 'week', amount: '900' },
        { token: m.token },
      ),
    );

    const raise = await support.post('/api/members/protection/limit', {
      id: m.id,
      kind: 'loss',
      period: 'week',
      amount: '600',
    });
    expect(refusal(raise)).toEqual([400, MSG_ONLY_TIGHTEN]);
    const r = await support.post('/api/members/protection/limit', {
      id: m.id,
      kind: 'loss',
      period: 'week',
      amount: '200',
    });
    expect(r.body?.message).toBe('限额已收紧，已通知会员');
    const shown = dataOf<MemberProtection>(r);
    // The lower amount applies at once and drops the member's waiting raise.
    expect(shown.limits.map((l) => [l.kind, l.period, l.amount, l.pending])).toEqual([
      ['loss', 'week', '200.00', null],
    ]);
    expect(shown.history.map((h) => [h.action, h.amount, h.actor])).toEqual([
      ['tightened', '200.00', support.name],
      ['raise_requested', '900.00', 'member'],
      ['set', '500.00', 'member'],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.tightenLimit'), eq(auditLog.targetId, String(m.id))));
    expect(audits).toHaveLength(1);
    const told = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, m.id));
    expect(told.map((x) => x.title)).toEqual(['您的限额已调整']);
    expect(told[0]?.content).toContain('每7天亏损限额已调整为 200.00 元');
    // The member cannot undo it at once: a raise waits like any other.
    const back = await t.post(
      '/api/protection/limit',
      { kind: 'loss', period: 'week', amount: '500' },
      { token: m.token },
    );
    expect(dataOf<{ limits: { amount: string }[] }>(back).limits[0]?.amount).toBe('200.00');
  });

  it('a role that may not is refused', async () => {
    const finance = await c.signIn('finance');
    const m = await t.newMember();
    const r = await finance.post('/api/members/protection/limit', {
      id: m.id,
      kind: 'deposit',
      period: 'day',
      amount: '100',
    });
    expect(refusal(r)).toEqual([403, MSG_CONSOLE_FORBIDDEN]);
    expect((await page(m.id)).limits).toEqual([]);
  });
});

describe('lifting a self-exclusion', () => {
  it('only a 超级管理员, only an exclusion in force, only after six months; audited with the reason', async () => {
    const m = await t.newMember();
    const other = await t.newMember();
    await takeBreak(t.db, t.app.roomBus, m.id, { kind: 'exclusion', months: 0 });
    await takeBreak(t.db, t.app.roomBus, other.id, { kind: 'timeout', days: 42 });
    const [exclusion] = (await page(m.id)).breaks;
    const [timeout] = (await page(other.id)).breaks;
    expect(exclusion).toMatchObject({ kind: 'exclusion', ends_at: null, active: true, liftable: false });
    const lift = (who: ConsoleAgent, id: number, breakId: number, reason = '会员申请') =>
      who.post('/api/members/protection/lift', { id, break_id: breakId, reason });

    expect(refusal(await lift(support, m.id, exclusion?.id ?? 0))).toEqual([403, MSG_CONSOLE_FORBIDDEN]);
    expect(refusal(await lift(admin, m.id, exclusion?.id ?? 0))).toEqual([400, MSG_LIFT_TOO_EARLY]);
    expect(refusal(await lift(admin, other.id, timeout?.id ?? 0))).toEqual([400, MSG_LIFT_NOT_EXCLUSION]);
    // Another member's exclusion is not this member's.
    expect(refusal(await lift(admin, other.id, exclusion?.id ?? 0))).toEqual([400, MSG_LIFT_NOT_EXCLUSION]);
    expect(refusal(await lift(admin, m.id, exclusion?.id ?? 0, ' '))).toEqual([400, '请输入解除原因']);

    advanceClock(180 * DAY);
    // The operators' sessions do not last six months.
    support = await c.signIn('support');
    admin = await c.signIn('admin');
    expect((await page(m.id)).breaks[0]).toMatchObject({ liftable: true });
    const r = await lift(admin, m.id, exclusion?.id ?? 0, '会员书面申请，已满6个月');
    expect(r.body?.message).toBe('已解除自我排除');
    expect(dataOf<MemberProtection>(r).breaks[0]).toMatchObject({
      active: false,
      lifted_by: admin.name,
      lift_reason: '会员书面申请，已满6个月',
    });
    const token = await t.login(m.name, m.password);
    expect(dataOf<{ break: unknown }>(await t.get('/api/protection', {}, { token })).break).toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.liftExclusion'), eq(auditLog.targetId, String(m.id))));
    expect(audits).toHaveLength(1);
  });
});

describe('the 责任博彩 report', () => {
  it('lists members at 80 % or more of a limit, fullest first, and breaks started and ended per day', async () => {
    resetClock();
    const risk = await c.signIn('risk');
    const [full, near, far] = [await t.newMember(), await t.newMember(), await t.newMember()];
    for (const [m, limit] of [
      [full, '100'],
      [near, '125'],
      [far, '200'],
    ] as const) {
      await t.fund(m.id, '100.00');
      dataOf(
        await t.post(
          '/api/protection/limit',
          { kind: 'deposit', period: 'day', amount: limit },
          { token: m.token },
        ),
      );
      const r = dataOf<{ deposit_no: string }>(
        await t.post(
          '/api/recharge',
          { paytype: 'usdt', amount: '100.00', catepay: 'trc20' },
          { token: m.token, headers: idem() },
        ),
      );
      dataOf(await t.op('/deposits/approve', { deposit_no: r.deposit_no }));
    }
    const before = dataOf<ProtectionReport>(await risk.get('/api/reports/protection')).days[0];
    await takeBreak(t.db, t.app.roomBus, far.id, { kind: 'timeout', days: 1 });
    await takeBreak(t.db, t.app.roomBus, near.id, { kind: 'exclusion', months: 6 });
    const report = dataOf<ProtectionReport>(await risk.get('/api/reports/protection'));
    const mine = report.near.filter((r) => [full.id, near.id, far.id].includes(r.member_id));
    expect(mine.map((r) => [r.name, r.kind, r.period, r.amount, r.used, r.percent])).toEqual([
      [full.name, 'deposit', 'day', '100.00', '100.00', 100],
      [near.name, 'deposit', 'day', '125.00', '100.00', 80],
    ]);
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({
      day: before?.day,
      timeouts: (before?.timeouts ?? 0) + 1,
      exclusions: (before?.exclusions ?? 0) + 1,
      ended: before?.ended,
    });
    const finance = await c.signIn('finance');
    expect((await finance.get('/api/reports/protection')).status).toBe(403);
  });
});
