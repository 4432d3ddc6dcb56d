import { MSG_NOT_AGENT, MSG_SUB_RATES } from '@app/contract/agent-office';
import { AGENT_DEPTH_MAX } from '@app/contract/agent-plans';
import { INVITE_CODE_PATTERN } from '@app/contract/invite-code';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, DAY_MS, resetClock, setClock } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { agentInvites, agents } from '../../db/schema/agents';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { MSG_AGENT_SUSPENDED_INVITE } from './invites';
import { giveTurnoverPlan, newAgent, register, zeroRates } from './office-test-support';
import { setAgentStatus } from './plans';
import { MSG_AGENT_DEPTH, MSG_INVITE_INVALID, MSG_INVITE_SELF } from './tree';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  resetClock();
});
afterAll(async () => {
  await t.close();
});

interface Invite {
  id: number;
  code: string;
  kind: string;
  rates: Record<string, number> | null;
  expires_at: string | null;
  max_uses: number | null;
  uses: number;
  revoked: boolean;
  url: string;
}

const create = (token: string, body: Record<string, unknown>) =>
  t.post('/api/agent/invites/create', body, { token });
const createOk = async (token: string, body: Record<string, unknown>) =>
  dataOf<Invite>(await create(token, body));
const refusal = (r: Reply) => [r.status, r.body?.message];
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const tokenOf = (r: Reply) => (r.body?.data as { api_token: string }).api_token;
const idOf = async (r: Reply) =>
  dataOf<{ id: number }>(await t.post('/api/user', undefined, { token: tokenOf(r) })).id;

describe('agent invite links', () => {
  it('a member link puts whoever registers with it in the agent’s level-1 downline', async () => {
    const a = await newAgent(t);
    const invite = await createOk(a.token, { kind: 'member', days: 7, max_uses: 0 });
    expect(invite.code).toMatch(INVITE_CODE_PATTERN);
    expect(invite).toMatchObject({ kind: 'member', rates: null, max_uses: null, uses: 0, revoked: false });
    expect(invite.url).toBe(`${t.config.publicUrl}/#/reg?invite=${invite.code}`);
    // The code as a person may type it (lower case) still counts.
    const r = await register(t, { invite_code: invite.code.toLowerCase() });
    expect(r.status).toBe(200);
    const member = await userRow(await idOf(r));
    expect([member?.pid, member?.agentId]).toEqual([a.id, a.id]);
    const list = dataOf<{ invites: Invite[]; can_invite_agents: boolean }>(
      await t.post('/api/agent/invites', {}, { token: a.token }),
    );
    expect(list.invites.map((i) => [i.code, i.uses])).toEqual([[invite.code, 1]]);
    expect(list.can_invite_agents).toBe(true);
    const level1 = dataOf<{ data: { id: number }[] }>(
      await t.post(
        '/api/agent/downline',
        { level: 1, start_date: '2026-01-01', end_date: '2026-12-31' },
        { token: a.token },
      ),
    );
    expect(level1.data.map((m) => m.id)).toContain(member?.id);
  });

  it('a sub-agent link makes an agent under it with the link’s rates, at most its own; none at the deepest level', async () => {
    const own = { ...zeroRates(), realperson: 40, lottery: 30 };
    const a = await newAgent(t);
    await giveTurnoverPlan(t, a.id, own);
    const list = dataOf<{ own_rates: Record<string, number> }>(
      await t.post('/api/agent/invites', {}, { token: a.token }),
    );
    expect(list.own_rates).toEqual(own);
    const above = await create(a.token, {
      kind: 'agent',
      days: 0,
      max_uses: 5,
      rates: { ...own, realperson: 41 },
    });
    expect(refusal(above)).toEqual([400, MSG_SUB_RATES]);
    const rates = { ...zeroRates(), realperson: 25, lottery: 30 };
    const invite = await createOk(a.token, { kind: 'agent', days: 0, max_uses: 5, rates });
    expect(invite).toMatchObject({ kind: 'agent', rates, expires_at: null, max_uses: 5 });
    const r = await register(t, { invite_code: invite.code });
    expect(r.status).toBe(200);
    const subId = await idOf(r);
    const [row] = await t.db.select().from(agents).where(eq(agents.userId, subId));
    expect(row).toMatchObject({ parentId: a.id, depth: 2, path: `/${a.id}/${subId}/`, turnoverRates: rates });
    expect((await userRow(subId))?.isagent).toBe(1);
    const subs = dataOf<{ data: { id: number; rates: unknown }[] }>(
      await t.post('/api/agent/sub_agents', {}, { token: a.token }),
    );
    expect(subs.data).toEqual([expect.objectContaining({ id: subId, rates })]);

    // An agent as deep as the tree goes opens member links only.
    const deep = await newAgent(t);
    await t.db.update(agents).set({ depth: AGENT_DEPTH_MAX }).where(eq(agents.userId, deep.id));
    const deepList = dataOf<{ can_invite_agents: boolean }>(
      await t.post('/api/agent/invites', {}, { token: deep.token }),
    );
    expect(deepList.can_invite_agents).toBe(false);
    expect(refusal(await create(deep.token, { kind: 'agent', days: 0, max_uses: 0 }))).toEqual([
      400,
      MSG_AGENT_DEPTH,
    ]);
    expect((await create(deep.token, { kind: 'member', days: 0, max_uses: 0 })).status).toBe(200);
  });

  it('refuses an expired code, a revoked one and a used-up one, in that order of cases', async () => {
    setClock(Date.parse('2026-05-01T02:00:00Z'));
    const a = await newAgent(t);
    const expiring = await createOk(a.token, { kind: 'member', days: 1, max_uses: 0 });
    advanceClock(DAY_MS + 1000);
    expect(refusal(await register(t, { invite_code: expiring.code }))).toEqual([400, MSG_INVITE_INVALID]);

    const revoking = await createOk(a.token, { kind: 'member', days: 0, max_uses: 0 });
    const revoked = dataOf<Invite>(
      await t.post('/api/agent/invites/revoke', { id: revoking.id }, { token: a.token }),
    );
    expect(revoked.revoked).toBe(true);
    expect(refusal(await register(t, { invite_code: revoking.code }))).toEqual([400, MSG_INVITE_INVALID]);

    const once = await createOk(a.token, { kind: 'member', days: 0, max_uses: 1 });
    expect((await register(t, { invite_code: once.code })).status).toBe(200);
    expect(refusal(await register(t, { invite_code: once.code }))).toEqual([400, MSG_INVITE_INVALID]);
    // A refused registration leaves nothing behind: the spent code still counts its one use.
    const [row] = await t.db.select().from(agentInvites).where(eq(agentInvites.id, once.id));
    expect(row?.uses).toBe(1);
  });

  it('gives the last use to one of two registrations at once', async () => {
    const a = await newAgent(t);
    const invite = await createOk(a.token, { kind: 'member', days: 0, max_uses: 1 });
    const replies = await Promise.all([
      register(t, { invite_code: invite.code }),
      register(t, { invite_code: invite.code }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)?.body?.message).toBe(MSG_INVITE_INVALID);
    const [row] = await t.db.select().from(agentInvites).where(eq(agentInvites.id, invite.id));
    expect(row?.uses).toBe(1);
    const downline = await t.db.select({ id: users.id }).from(users).where(eq(users.agentId, a.id));
    expect(downline).toHaveLength(1);
  });

  it('refuses a registration from a device the agent signed in from', async () => {
    const a = await newAgent(t);
    const device = 'agent-phone-0000000001';
    await t.post('/api/login_pc', { name: a.name, password: a.password, device_id: device });
    const invite = await createOk(a.token, { kind: 'member', days: 0, max_uses: 0 });
    expect(refusal(await register(t, { invite_code: invite.code, device_id: device }))).toEqual([
      400,
      MSG_INVITE_SELF,
    ]);
    expect(
      (await register(t, { invite_code: invite.code, device_id: 'someone-else-000000002' })).status,
    ).toBe(200);
  });

  it('a suspended agent (or one under a suspended parent) opens no links, and its links stop working', async () => {
    const top = await newAgent(t);
    const child = await newAgent(t, top.id);
    const invite = await createOk(child.token, { kind: 'member', days: 0, max_uses: 0 });
    await setAgentStatus(t.db, top.id, 'suspended');
    expect(refusal(await create(child.token, { kind: 'member', days: 0, max_uses: 0 }))).toEqual([
      403,
      MSG_AGENT_SUSPENDED_INVITE,
    ]);
    expect(refusal(await register(t, { invite_code: invite.code }))).toEqual([400, MSG_INVITE_INVALID]);
    // Still its office: the list answers.
    expect((await t.post('/api/agent/invites', {}, { token: child.token })).status).toBe(200);
  });

  it('never touches another agent’s links; a member who is no agent gets 403', async () => {
    const a = await newAgent(t);
    const b = await newAgent(t);
    const invite = await createOk(a.token, { kind: 'member', days: 0, max_uses: 0 });
    expect((await t.post('/api/agent/invites/revoke', { id: invite.id }, { token: b.token })).status).toBe(
      404,
    );
    const listB = dataOf<{ invites: Invite[] }>(await t.post('/api/agent/invites', {}, { token: b.token }));
    expect(listB.invites).toEqual([]);
    const [row] = await t.db.select().from(agentInvites).where(eq(agentInvites.id, invite.id));
    expect(row?.revokedAt).toBeNull();
    const m = await t.newMember();
    expect(refusal(await create(m.token, { kind: 'member', days: 0, max_uses: 0 }))).toEqual([
      403,
      MSG_NOT_AGENT,
    ]);
    expect(refusal(await t.post('/api/agent/invites', {}, { token: m.token }))).toEqual([403, MSG_NOT_AGENT]);
  });
});
