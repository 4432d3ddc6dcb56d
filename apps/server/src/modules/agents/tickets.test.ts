import {
  AGENT_TICKET_TTL_SECONDS,
  MSG_AGENT_FROZEN_OFFICE,
  MSG_NOT_AGENT,
  MSG_TICKET_INVALID,
} from '@app/contract/agent-office';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '../../core/clock';
import { and, eq } from 'drizzle-orm';
import { memberLogins } from '../../db/schema/operators';
import { siteSettings } from '../../db/schema/site';
import { buildTestApp, dataOf, type Reply, type TestApp } from '../../../test/helpers';
import { newAgent } from './office-test-support';
import { setAgentStatus } from './plans';

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

const refusal = (r: Reply) => [r.status, r.body?.message];

/** getAgentLoginUrl of the member; the ticket it carries. */
async function ticketOf(token: string): Promise<{ url: string; ticket: string }> {
  const { url } = dataOf<{ url: string }>(await t.get('/api/getAgentLoginUrl', {}, { token }));
  const query = url.split('#/ticket?')[1] ?? '';
  return { url, ticket: new URLSearchParams(query).get('t') ?? '' };
}
const redeem = (ticket: string) => t.post('/api/agent/ticket', { ticket });

describe('the one-time ticket into the back office', () => {
  it('opens a new session of the agent, once; the address is the back office’s', async () => {
    const a = await newAgent(t);
    const { url, ticket } = await ticketOf(a.token);
    expect(url).toBe(`/agent/#/ticket?t=${ticket}`);
    const first = await redeem(ticket);
    const session = dataOf<{ api_token: string }>(first).api_token;
    expect(session).not.toBe(a.token);
    const overview = dataOf<{ username: string }>(
      await t.post('/api/agent/overview', {}, { token: session }),
    );
    expect(overview.username).toBe(a.name);
    // The entry is among the agent's sign-ins, with where it came from.
    const entries = await t.db
      .select()
      .from(memberLogins)
      .where(and(eq(memberLogins.userId, a.id), eq(memberLogins.kind, 'agent_ticket')));
    expect(entries.map((e) => e.ip)).toEqual(['127.0.0.1']);
    // Used: the same ticket again is refused; two redemptions at once get one session.
    expect(refusal(await redeem(ticket))).toEqual([401, MSG_TICKET_INVALID]);
    const twice = (await ticketOf(a.token)).ticket;
    const both = await Promise.all([redeem(twice), redeem(twice)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('goes to the operator’s own back office when 代理登录地址 is an absolute address (no ticket)', async () => {
    const a = await newAgent(t);
    await t.db.update(siteSettings).set({ agentLoginUrl: 'https://agents.example.com/login' });
    try {
      expect(dataOf<{ url: string }>(await t.get('/api/getAgentLoginUrl', {}, { token: a.token })).url).toBe(
        'https://agents.example.com/login',
      );
      const member = await t.newMember();
      expect(refusal(await t.get('/api/getAgentLoginUrl', {}, { token: member.token }))).toEqual([
        403,
        MSG_NOT_AGENT,
      ]);
      // A relative value (the default) is not another site's address: ours, with a ticket.
      await t.db.update(siteSettings).set({ agentLoginUrl: '/agent/' });
      expect((await ticketOf(a.token)).url).toMatch(/^\/agent\/#\/ticket\?t=/);
    } finally {
      await t.db.update(siteSettings).set({ agentLoginUrl: '/agent/' });
    }
  });

  it('is refused when wrong, after its time, or when the session that asked has ended', async () => {
    setClock(Date.parse('2026-06-01T04:00:00Z'));
    const a = await newAgent(t);
    expect(refusal(await redeem('x'.repeat(43)))).toEqual([401, MSG_TICKET_INVALID]);
    expect(refusal(await redeem('short'))).toEqual([400, MSG_TICKET_INVALID]);

    const late = await ticketOf(a.token);
    advanceClock(AGENT_TICKET_TTL_SECONDS * 1000);
    expect(refusal(await redeem(late.ticket))).toEqual([401, MSG_TICKET_INVALID]);

    const inTime = await ticketOf(a.token);
    advanceClock(AGENT_TICKET_TTL_SECONDS * 1000 - 1000);
    expect((await redeem(inTime.ticket)).status).toBe(200);

    const orphan = await ticketOf(a.token);
    await t.post('/api/logoff', {}, { token: a.token });
    expect(refusal(await redeem(orphan.ticket))).toEqual([401, MSG_TICKET_INVALID]);
  });

  it('is refused to a member who is no agent, and to a frozen agent or one under a frozen parent', async () => {
    const m = await t.newMember();
    expect(refusal(await t.get('/api/getAgentLoginUrl', {}, { token: m.token }))).toEqual([
      403,
      MSG_NOT_AGENT,
    ]);
    const top = await newAgent(t);
    const child = await newAgent(t, top.id);
    const waiting = await ticketOf(child.token);
    await setAgentStatus(t.db, top.id, 'frozen');
    for (const who of [top, child]) {
      expect(refusal(await t.get('/api/getAgentLoginUrl', {}, { token: who.token }))).toEqual([
        403,
        MSG_AGENT_FROZEN_OFFICE,
      ]);
    }
    // A ticket handed out before the freeze opens nothing either.
    expect(refusal(await redeem(waiting.ticket))).toEqual([403, MSG_AGENT_FROZEN_OFFICE]);
    await setAgentStatus(t.db, top.id, 'suspended');
    expect((await t.get('/api/getAgentLoginUrl', {}, { token: child.token })).status).toBe(200);
  });
});
