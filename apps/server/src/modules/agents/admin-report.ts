/* 代理报表 of the console: per agent over a range of Beijing days, its level-1 members' new sign-ups,
 * money in and out, valid bets and the house's win on them (the same records a statement is built
 * from), and the commission of its statements whose period starts in the range, paid or to pay. */
import type { AgentReportRow } from '@app/contract/console-agents';
import { formatCents } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, dayStartOf } from '../../core/clock';
import { rowsOf, type Db } from '../../db/client';

interface Figures {
  newMembers: number;
  deposits: bigint;
  withdrawals: bigint;
  valid: bigint;
  netLoss: bigint;
  paid: bigint;
  payable: bigint;
}

const empty = (): Figures => ({
  newMembers: 0,
  deposits: 0n,
  withdrawals: 0n,
  valid: 0n,
  netLoss: 0n,
  paid: 0n,
  payable: 0n,
});

const big = (v: unknown) => BigInt(String(v ?? '0'));

/** Each query answers (agent, a, b) per agent; `put` folds a row into that agent's figures. */
async function fold(
  db: Db,
  into: Map<number, Figures>,
  query: SQL,
  put: (f: Figures, a: string, b: string) => void,
): Promise<void> {
  for (const r of rowsOf<{ agent: number; a: string; b: string | null }>(await db.execute(query))) {
    const id = Number(r.agent);
    const f = into.get(id) ?? empty();
    put(f, r.a, r.b ?? '0');
    into.set(id, f);
  }
}

/** The report over Beijing days `start`…`end` (both included): one row per agent with anything in it. */
export async function agentReport(db: Db, start: string, end: string): Promise<{ rows: AgentReportRow[] }> {
  const from = new Date(dayStartOf(start)).toISOString();
  const to = new Date(dayStartOf(addDays(end, 1))).toISOString();
  const inSpan = (column: SQL) => sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`;
  const byAgent = new Map<number, Figures>();
  await fold(
    db,
    byAgent,
    sql`select u.agent_id as agent, count(*)::text as a, null as b from users u
        where u.agent_id is not null and u.is_trial = 0 and ${inSpan(sql`u.created_at`)}
        group by u.agent_id`,
    (f, a) => (f.newMembers = Number(a)),
  );
  await fold(
    db,
    byAgent,
    sql`select u.agent_id as agent, sum(d.amount_cents)::text as a, null as b
        from deposits d join users u on u.id = d.user_id
        where u.agent_id is not null and d.state = ${REVIEW_STATES.approved} and ${inSpan(sql`d.reviewed_at`)}
        group by u.agent_id`,
    (f, a) => (f.deposits = big(a)),
  );
  await fold(
    db,
    byAgent,
    sql`select u.agent_id as agent, sum(w.amount_cents)::text as a, null as b
        from withdrawals w join users u on u.id = w.user_id
        where u.agent_id is not null and w.state = ${REVIEW_STATES.approved} and ${inSpan(sql`w.reviewed_at`)}
        group by u.agent_id`,
    (f, a) => (f.withdrawals = big(a)),
  );
  await fold(
    db,
    byAgent,
    sql`select u.agent_id as agent, sum(b.valid_cents)::text as a,
               sum(b.stake_cents - b.payout_cents)::text as b
        from valid_bets b join users u on u.id = b.user_id
        where u.agent_id is not null and b.state = 'settled' and ${inSpan(sql`b.created_at`)}
        group by u.agent_id`,
    (f, a, b) => {
      f.valid = big(a);
      f.netLoss = big(b);
    },
  );
  await fold(
    db,
    byAgent,
    sql`select s.agent_id as agent,
               coalesce(sum(s.payable_cents) filter (where s.state = 'paid'), 0)::text as a,
               coalesce(sum(s.payable_cents) filter (where s.state = 'draft'), 0)::text as b
        from agent_statements s where ${inSpan(sql`s.period_start`)}
        group by s.agent_id`,
    (f, a, b) => {
      f.paid = big(a);
      f.payable = big(b);
    },
  );
  return { rows: await named(db, byAgent) };
}

/** The rows with each agent's username, by agent id. */
async function named(db: Db, byAgent: Map<number, Figures>): Promise<AgentReportRow[]> {
  const ids = [...byAgent.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const names = new Map(
    rowsOf<{ id: number; username: string }>(
      await db.execute(
        sql`select a.user_id as id, u.username from agents a join users u on u.id = a.user_id
            where a.user_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      ),
    ).map((r) => [Number(r.id), r.username]),
  );
  return ids
    .filter((id) => names.has(id))
    .map((id) => {
      const f = byAgent.get(id) ?? empty();
      return {
        agent: { id, username: names.get(id) ?? '' },
        new_members: f.newMembers,
        deposits: formatCents(f.deposits),
        withdrawals: formatCents(f.withdrawals),
        valid: formatCents(f.valid),
        net_loss: formatCents(f.netLoss),
        paid: formatCents(f.paid),
        payable: formatCents(f.payable),
      };
    });
}
