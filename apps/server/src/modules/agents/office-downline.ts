/* The back office's downline (one level at a time) and team report (every level, by Beijing day and
 * category). Both read only members whose agent is on the agent's own sub-tree (path prefix). The
 * downline pages the members first and sums the figures of that page's ids only, so a page costs the
 * same with 100 or 100,000 members (bench/agent-downline.ts). */
import {
  AGENT_REPORT_DAYS_MAX,
  daysInRange,
  MSG_REPORT_DAYS,
  type agentDownline,
  type agentTeamReport,
} from '@app/contract/agent-office';
import { BEIJING_OFFSET_MS, formatCents, formatDateTime } from '@app/contract/codecs';
import type { ReplyOf } from '@app/contract/define';
import { REBATE_CATEGORIES, REVIEW_STATES, type RebateCategory } from '@app/contract/enums';
import { rebateCategoryOf } from '@app/contract/turnover';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, DAY_MS, dayStartOf } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { pageOf, pageOffset } from '../../core/paging';
import { rowsOf, type Db } from '../../db/client';
import { officeAgent } from './office-access';
import { OFFICE_PAGE } from './office';
import type { AgentRow } from './tree';

type DownlineWire = ReplyOf<typeof agentDownline>;
type TeamDayWire = ReplyOf<typeof agentTeamReport>['days'][number];

/** A real name as an agent may see it: its first character and two stars (张**); '' stays ''. */
export function maskRealname(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? `${first}**` : '';
}

/** A LIKE pattern matching names that start with `prefix` (its own % _ \ taken literally). */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** [start of the first day, start of the day after the last) of a Beijing day range, as SQL instants. */
function dayRange(startDay: string, endDay: string) {
  return {
    from: new Date(dayStartOf(startDay)).toISOString(),
    to: new Date(dayStartOf(addDays(endDay, 1))).toISOString(),
  };
}

/** Members of level `level` below the agent (1: its own; n: those of its sub-agents n − 1 down). */
function levelFilter(agent: AgentRow, level: number): SQL {
  if (level === 1) return sql`u.agent_id = ${agent.userId}`;
  return sql`u.agent_id in (select a.user_id from agents a
    where a.path like ${`${agent.path}%`} and a.depth = ${agent.depth + level - 1})`;
}

interface DownlineRow {
  id: number;
  username: string;
  realname: string;
  joined: number;
  agent: string | null;
  is_agent: boolean;
  last_login: number | null;
  deposits: string;
  withdrawals: string;
  valid: string;
  win_loss: string;
}

/** agentDownline: one page (newest first) of one level, each member's figures over the days asked. */
export async function downlinePage(
  db: Db,
  userId: number,
  q: { level: number; q?: string | undefined; start_date: string; end_date: string; page: number },
): Promise<DownlineWire> {
  const { agent } = await officeAgent(db, userId);
  const { from, to } = dayRange(q.start_date, q.end_date);
  const name = q.q ? sql` and lower(u.username) like ${prefixPattern(q.q)}` : sql``;
  const where = sql`${levelFilter(agent, q.level)}${name}`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from users u where ${where}`),
  );
  const approved = REVIEW_STATES.approved;
  const rows = rowsOf<DownlineRow>(
    await db.execute(sql`
      with p as (
        select u.id, u.username, u.realname, u.created_at, u.agent_id from users u where ${where}
        order by u.created_at desc, u.id desc limit ${OFFICE_PAGE} offset ${pageOffset(q.page, OFFICE_PAGE)})
      select p.id, p.username, p.realname, (extract(epoch from p.created_at) * 1000)::float8 as joined,
        case when ${q.level} > 1 then up.username end as agent, (sa.user_id is not null) as is_agent,
        (select (extract(epoch from max(l.at)) * 1000)::float8 from member_logins l where l.user_id = p.id)
          as last_login,
        coalesce((select sum(d.amount_cents) from deposits d where d.user_id = p.id and d.state = ${approved}
          and d.reviewed_at >= ${from}::timestamptz and d.reviewed_at < ${to}::timestamptz), 0)::text as deposits,
        coalesce((select sum(w.amount_cents) from withdrawals w where w.user_id = p.id and w.state = ${approved}
          and w.reviewed_at >= ${from}::timestamptz and w.reviewed_at < ${to}::timestamptz), 0)::text as withdrawals,
        coalesce(b.valid, 0)::text as valid, coalesce(b.win, 0)::text as win_loss
      from p
      left join agents sa on sa.user_id = p.id
      left join users up on up.id = p.agent_id
      left join lateral (
        select sum(v.valid_cents) as valid, sum(v.payout_cents - v.stake_cents) as win from valid_bets v
        where v.user_id = p.id and v.state = 'settled'
          and v.created_at >= ${from}::timestamptz and v.created_at < ${to}::timestamptz) b on true
      order by p.created_at desc, p.id desc`),
  );
  const items = rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: maskRealname(r.realname),
    level: q.level,
    agent: r.agent ?? '',
    is_agent: Boolean(r.is_agent),
    joined_at: formatDateTime(Number(r.joined)),
    last_login_at: r.last_login === null ? null : formatDateTime(Number(r.last_login)),
    deposits: formatCents(BigInt(r.deposits)),
    withdrawals: formatCents(BigInt(r.withdrawals)),
    valid: formatCents(BigInt(r.valid)),
    win_loss: formatCents(BigInt(r.win_loss)),
  }));
  return pageOf(items, c?.n ?? 0, q.page, OFFICE_PAGE);
}

/** The Beijing day number (days since 1970-01-01 Beijing) of a timestamp column. */
const dayOf = (column: SQL) =>
  sql`floor((extract(epoch from ${column}) * 1000 + ${BEIJING_OFFSET_MS}) / ${DAY_MS})::int`;
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Sums per Beijing day of one kind of team record. */
async function perDay(db: Db, query: SQL): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ day: number; s: string }>(await db.execute(query));
  return new Map(rows.map((r) => [dayText(Number(r.day)), BigInt(r.s)]));
}

/**
 * agentTeamReport: the whole team (members of every agent on the sub-tree) per Beijing day: new
 * members, approved deposits and withdrawals (by approval time), and per category the settled valid
 * bets and the team's loss (the house's win). Every day of the range is listed, oldest first.
 */
export async function teamReport(
  db: Db,
  userId: number,
  q: { start_date: string; end_date: string },
): Promise<{ days: TeamDayWire[] }> {
  const { agent } = await officeAgent(db, userId);
  // The contract refuses a longer range too; this holds for any caller of the function.
  const span = daysInRange(q);
  if (span < 1 || span > AGENT_REPORT_DAYS_MAX) throw new BusinessError(MSG_REPORT_DAYS);
  const { from, to } = dayRange(q.start_date, q.end_date);
  const team = sql`join users u on u.id = x.user_id join agents a on a.user_id = u.agent_id
    where a.path like ${`${agent.path}%`}`;
  const inRange = (col: SQL) => sql`${col} >= ${from}::timestamptz and ${col} < ${to}::timestamptz`;
  const money = (table: 'deposits' | 'withdrawals') =>
    perDay(
      db,
      sql`select ${dayOf(sql`x.reviewed_at`)} as day, sum(x.amount_cents)::text as s
        from ${sql.raw(table)} x ${team} and x.state = ${REVIEW_STATES.approved}
          and ${inRange(sql`x.reviewed_at`)} group by 1`,
    );
  const joined = await perDay(
    db,
    sql`select ${dayOf(sql`u.created_at`)} as day, count(*)::text as s
      from users u join agents a on a.user_id = u.agent_id
      where a.path like ${`${agent.path}%`} and ${inRange(sql`u.created_at`)} group by 1`,
  );
  const [deposits, withdrawals] = [await money('deposits'), await money('withdrawals')];
  const bets = rowsOf<{ day: number; category: string; valid: string; profit: string }>(
    await db.execute(sql`
      select ${dayOf(sql`x.created_at`)} as day, x.category, sum(x.valid_cents)::text as valid,
        sum(x.stake_cents - x.payout_cents)::text as profit
      from valid_bets x ${team} and x.state = 'settled' and ${inRange(sql`x.created_at`)}
      group by 1, 2`),
  );
  const lines = new Map<string, Record<RebateCategory, { valid: bigint; profit: bigint }>>();
  for (const b of bets) {
    const c = rebateCategoryOf(b.category);
    if (!c) continue;
    const day = dayText(Number(b.day));
    const byCategory =
      lines.get(day) ??
      (Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, { valid: 0n, profit: 0n }])) as Record<
        RebateCategory,
        { valid: bigint; profit: bigint }
      >);
    byCategory[c].valid += BigInt(b.valid);
    byCategory[c].profit += BigInt(b.profit);
    lines.set(day, byCategory);
  }
  const days: TeamDayWire[] = [];
  for (let i = 0; i < span; i += 1) {
    const day = addDays(q.start_date, i);
    const l = lines.get(day);
    days.push({
      day,
      new_members: Number(joined.get(day) ?? 0n),
      deposits: formatCents(deposits.get(day) ?? 0n),
      withdrawals: formatCents(withdrawals.get(day) ?? 0n),
      lines: REBATE_CATEGORIES.map((category) => ({
        category,
        valid: formatCents(l?.[category].valid ?? 0n),
        profit: formatCents(l?.[category].profit ?? 0n),
      })),
    });
  }
  return { days };
}
