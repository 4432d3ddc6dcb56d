import { formatCents, formatDateTime } from '@app/contract/codecs';
import { DATE_FILTER_DAYS, type DateFilter } from '@app/contract/enums';
import { BET_RECORD_PAGE_SIZE, BET_STATUSES, BET_VENUE_LOTTERY } from '@app/contract/member';
import { sql, type SQL } from 'drizzle-orm';
import { beijingDayStart, DAY_MS } from '../../core/clock';
import { pageOf, pageOffset } from '../../core/paging';
import type { Db } from '../../db/client';
import { LOTTERY_ROUND_REFERENCE } from '../wallet/turnover';

/*
 * /betRecord: the member's own bets, newest first, one SQL per page over two sources:
 * - the lottery: ONE row per period the member bet on (all their lines on it, every room), because
 *   settlement records one valid bet per member and period (lottery/draw.ts, money at risk of the
 *   lines together); that very valid_bets row (reference lottery_round:<id>) is the figure shown;
 * - venue games: each valid_bets row not written by the lottery is one round (the demo provider
 *   records one per spin, an operator's venue report one per bet), with its own valid bet.
 */

/** The lines listed in a period's row at most (a member may bet many lines on one period). */
const MAX_LINES_SHOWN = 12;
/** Lines of a period straddling midnight: orders from this long before `since` are still grouped. */
const ROUND_SLACK_MS = DAY_MS;

export interface BetQuery {
  date: DateFilter;
  page: number;
  /** BET_VENUE_LOTTERY, a venue code, or null for all. */
  venue: string | null;
}

interface Row {
  order_no: string;
  api_type: string;
  platname: string;
  gamename: string;
  expect: string;
  lines: string | null;
  at_ms: string;
  stake: string;
  payout: string;
  valid: string;
  status: string;
  total_n: string;
  sum_stake: string;
  sum_payout: string;
  sum_valid: string;
}

/** The in-house lottery a hall platform opens (a lottery tile, e.g. TCG → jnd28), else null. */
async function lotteryOfPlatform(db: Db, platform: string): Promise<string | null> {
  const result = (await db.execute(sql`
    select gp.game_code as code from game_platforms gp
    join lotteries l on l.code = gp.game_code
    where gp.platform_name = ${platform} and gp.category = 'lottery'
    limit 1`)) as unknown as { rows: { code: string }[] };
  return result.rows[0]?.code ?? null;
}

/** `lottery`: one lottery's periods only (its hall tile was chosen as the venue), else every lottery's. */
function lotteryBets(userId: number, since: Date, lottery: string | null = null): SQL {
  const earliest = new Date(since.getTime() - ROUND_SLACK_MS);
  return sql`
    select 0 as src, g.round_id as id, 'L' || g.round_id as order_no, ${BET_VENUE_LOTTERY} as api_type,
      '彩票' as platname, l.title as gamename, r.expect as expect, g.lines as lines, g.at as at,
      g.stake::bigint as stake, g.payout::bigint as payout, coalesce(vb.valid, 0)::bigint as valid,
      case when r.cancelled_at is not null then ${BET_STATUSES.invalid}
        when g.open > 0 then ${BET_STATUSES.unsettled} else ${BET_STATUSES.settled} end as status
    from (
      select o.round_id, min(o.created_at) as at, sum(o.stake_cents) as stake,
        sum(o.payout_cents) as payout, count(*) filter (where o.state = 'open') as open,
        json_agg(json_build_object('t', o.play_title, 'p', o.pick, 's', o.stake_cents::text)
          order by o.id)::text as lines
      from lottery_orders o
      where o.user_id = ${userId} and o.created_at >= ${earliest}
      group by o.round_id
      having min(o.created_at) >= ${since}
    ) g
    join lottery_rounds r on r.id = g.round_id
    join lotteries l on l.id = r.lottery_id ${lottery === null ? sql`` : sql`and l.code = ${lottery}`}
    left join lateral (
      select sum(v.valid_cents) as valid from valid_bets v
      where v.user_id = ${userId} and v.reference = ${LOTTERY_ROUND_REFERENCE} || g.round_id
    ) vb on true`;
}

function gameBets(userId: number, since: Date, venue: string | null): SQL {
  return sql`
    select 1 as src, v.id as id, 'G' || v.id as order_no, v.platform as api_type,
      coalesce(p.name, v.platform) as platname, coalesce(p.name, v.platform) as gamename,
      '' as expect, null::text as lines, v.created_at as at, v.stake_cents as stake,
      v.payout_cents as payout, v.valid_cents as valid, v.state as status
    from valid_bets v
    left join lateral (
      select gp.name from game_platforms gp where gp.platform_name = v.platform
      order by (gp.game_code <> ''), gp.sort limit 1
    ) p on true
    where v.user_id = ${userId} and v.created_at >= ${since}
      and not exists (select 1 from lotteries l where l.code = v.platform)
      ${venue === null ? sql`` : sql`and v.platform = ${venue}`}`;
}

/** '大 10.00, 特码 07 5.00' (at most MAX_LINES_SHOWN lines, then '等N注'). */
function linesText(json: string | null): string {
  if (!json) return '';
  const lines = JSON.parse(json) as { t: string; p: number | null; s: string }[];
  const shown = lines.slice(0, MAX_LINES_SHOWN).map((l) => {
    const pick = l.p === null ? '' : ` ${String(l.p).padStart(2, '0')}`;
    return `${l.t}${pick} ${formatCents(BigInt(l.s))}`;
  });
  const more = lines.length > MAX_LINES_SHOWN ? ` 等${lines.length}注` : '';
  return shown.join(', ') + more;
}

/**
 * betrecord: a page of the member's bets within the date filter (1 today … 4 the last 30 Beijing
 * days, by bet time), of one venue or all, with the totals of every bet the filters select.
 */
export async function betRecords(db: Db, userId: number, q: BetQuery) {
  const since = new Date(beijingDayStart() - (DATE_FILTER_DAYS[q.date] - 1) * DAY_MS);
  const parts: SQL[] = [];
  if (q.venue === null || q.venue === BET_VENUE_LOTTERY) parts.push(lotteryBets(userId, since));
  else {
    // The hall's lottery tiles open the in-house lotteries: their bets are that tile's too.
    const lottery = await lotteryOfPlatform(db, q.venue);
    if (lottery) parts.push(lotteryBets(userId, since, lottery));
  }
  if (q.venue !== BET_VENUE_LOTTERY) parts.push(gameBets(userId, since, q.venue));
  const size = BET_RECORD_PAGE_SIZE;
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with bets as (${sql.join(parts, sql` union all `)})
    select order_no, api_type, platname, gamename, expect, lines,
      (extract(epoch from at) * 1000)::bigint::text as at_ms,
      stake::text as stake, payout::text as payout, valid::text as valid, status,
      (count(*) over ())::text as total_n, (sum(stake) over ())::text as sum_stake,
      (sum(payout) over ())::text as sum_payout, (sum(valid) over ())::text as sum_valid
    from bets
    order by at desc, src, id desc
    limit ${size} offset ${pageOffset(q.page, size)}`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const first = rows[0];
  const data = rows.map((r) => ({
    order_no: r.order_no,
    api_type: r.api_type,
    platname: r.platname,
    gamename: r.gamename,
    expect: r.expect,
    content: linesText(r.lines),
    bet_amount: formatCents(BigInt(r.stake)),
    valid_amount: formatCents(BigInt(r.valid)),
    win_amount: formatCents(BigInt(r.payout)),
    status: r.status,
    created_at: formatDateTime(Number(r.at_ms)),
  }));
  return {
    ...pageOf(data, Number(first?.total_n ?? 0), q.page, size),
    sum: first
      ? {
          bet_amount: formatCents(BigInt(first.sum_stake)),
          valid_amount: formatCents(BigInt(first.sum_valid)),
          win_amount: formatCents(BigInt(first.sum_payout)),
        }
      : null,
  };
}
