/* A withdrawal's risk (issue 31): the flags raised on it, each with its points, and linked accounts;
 * the score is their sum (at most RISK_SCORE_MAX). A score at or above the hold score makes the
 * withdrawal wait for 风控 (withdrawals/review.ts refuses 财务's approval until 风控 clears it). */
import { formatCents } from '@app/contract/codecs';
import { RISK_FLAGS, RISK_SCORE_MAX, type LinkedAccount, type RiskFlag } from '@app/contract/console-risk';
import { REVIEW_STATES } from '@app/contract/enums';
import { sql } from 'drizzle-orm';
import { DAY_MS, now } from '../../core/clock';
import { rowsOf, type Db } from '../../db/client';
import type { withdrawals } from '../../db/schema/money';
import { linkedAccounts } from './links';
import { getRiskConfig } from './settings';

type Withdrawal = Pick<
  typeof withdrawals.$inferSelect,
  'id' | 'userId' | 'kind' | 'amountCents' | 'cardId' | 'account' | 'createdAt'
>;

export interface RaisedFlag {
  flag: RiskFlag;
  label: string;
  points: number;
  detail: string;
}

export interface Assessment {
  score: number;
  holdScore: number;
  flags: RaisedFlag[];
  links: LinkedAccount[];
}

/** Half the stake as valid bets or less after a promotion: the play was hedged (server-rules). */
const HEDGED_VALID_PERCENT = 50n;
const BONUS_LOOKBACK_DAYS = 30;
const RECENT_DAYS = 7;

/** The member's facts the flags read, in one statement. */
async function factsOf(db: Db, w: Withdrawal) {
  const t = now();
  const day = new Date(t - DAY_MS);
  const week = new Date(t - RECENT_DAYS * DAY_MS);
  const bonusSince = new Date(t - BONUS_LOOKBACK_DAYS * DAY_MS);
  const u = w.userId;
  const rows = await db.execute(sql`
    select
      (select count(*) from withdrawals where user_id = ${u} and id <> ${w.id}
        and state <> ${REVIEW_STATES.rejected}) as earlier_withdrawals,
      (select count(*) from cards where id = ${w.cardId} and created_at > ${day}) as new_card,
      (select count(*) from withdrawals where user_id = ${u} and id <> ${w.id} and kind = ${w.kind}
        and account = ${w.account}) as same_account_before,
      (select count(*) from member_devices where user_id = ${u} and first_seen_at > ${day}) as new_devices,
      (select count(*) from member_devices where user_id = ${u} and first_seen_at <= ${day}) as old_devices,
      (select count(distinct ip) from member_logins l where user_id = ${u} and at > ${day}
        and not exists (select 1 from member_logins o where o.user_id = ${u} and o.ip = l.ip
          and o.at <= ${day})) as new_ips,
      (select count(*) from member_logins where user_id = ${u} and at <= ${day}) as old_logins,
      (select min(e.created_at) from ledger_entries e join wallets wl on wl.id = e.wallet_id
        where wl.user_id = ${u} and e.amount_cents > 0 and e.created_at > ${bonusSince}
          and e.tx_id in (select b.tx_id from ledger_entries b where b.account = 'bonuses')) as bonus_at,
      (select coalesce(max(payout_cents), 0) from valid_bets where user_id = ${u}
        and created_at > ${week}) as top_win,
      (select coalesce(max(amount_cents), 0) from deposits where user_id = ${u}
        and state = ${REVIEW_STATES.approved} and created_at > ${week}) as top_deposit
  `);
  const r = rowsOf<Record<string, unknown>>(rows)[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  const bonusAt = r.bonus_at ? new Date(r.bonus_at as string) : null;
  return {
    firstWithdrawal: n('earlier_withdrawals') === 0,
    newDestination:
      w.cardId !== null ? n('new_card') > 0 : w.kind === 'alipay' && n('same_account_before') === 0,
    newDevice: n('new_devices') > 0 && n('old_devices') > 0,
    newIp: n('new_ips') > 0 && n('old_logins') > 0,
    bonusAt,
    topWin: BigInt(String(r.top_win ?? 0)),
    topDeposit: BigInt(String(r.top_deposit ?? 0)),
  };
}

/** Stakes and valid bets since `since`: hedged play counts far less valid than staked. */
async function betsSince(db: Db, userId: number, since: Date) {
  const rows = await db.execute(sql`
    select coalesce(sum(stake_cents), 0) as stake, coalesce(sum(valid_cents), 0) as valid
    from valid_bets where user_id = ${userId} and created_at >= ${since} and state <> 'invalid'
  `);
  const r = rowsOf<{ stake: string; valid: string }>(rows)[0];
  return { stake: BigInt(r?.stake ?? 0), valid: BigInt(r?.valid ?? 0) };
}

const raise = (flag: RiskFlag, detail = ''): RaisedFlag => ({ flag, ...RISK_FLAGS[flag], detail });

/** The flags, linked accounts and score of a withdrawal, as of now. */
export async function assessWithdrawal(db: Db, w: Withdrawal): Promise<Assessment> {
  const config = await getRiskConfig(db);
  const f = await factsOf(db, w);
  const links = await linkedAccounts(db, w.userId, config);
  const flags: RaisedFlag[] = [];
  if (f.firstWithdrawal) flags.push(raise('first_withdrawal'));
  if (f.newDestination) flags.push(raise('new_destination'));
  if (f.newDevice) flags.push(raise('new_device'));
  if (f.newIp) flags.push(raise('new_ip'));
  if (links.length > 0) {
    const names = links.slice(0, 5).map((l) => l.username);
    flags.push(raise('linked', `${links.length}个：${names.join('、')}${links.length > 5 ? '…' : ''}`));
  }
  if (f.bonusAt) {
    const b = await betsSince(db, w.userId, f.bonusAt);
    if (b.stake > 0n && b.valid * 100n <= b.stake * HEDGED_VALID_PERCENT)
      flags.push(raise('hedged_bonus', `投注 ${formatCents(b.stake)}，有效投注 ${formatCents(b.valid)}`));
  }
  const over = (cents: bigint, limit: bigint) => limit > 0n && cents >= limit;
  if (over(f.topWin, config.bigWinCents)) flags.push(raise('big_win', `最高派彩 ${formatCents(f.topWin)}`));
  if (over(f.topDeposit, config.bigDepositCents))
    flags.push(raise('big_deposit', `最高存款 ${formatCents(f.topDeposit)}`));
  if (over(w.amountCents, config.bigWithdrawalCents)) flags.push(raise('big_withdrawal'));
  const score = Math.min(
    RISK_SCORE_MAX,
    flags.reduce((s, x) => s + x.points, 0),
  );
  return { score, holdScore: config.holdScore, flags, links };
}
