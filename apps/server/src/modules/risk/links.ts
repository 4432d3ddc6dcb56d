/* Linked accounts (issue 31): members who share a device, an address (registration or sign-in), a bank
 * card, a USDT address, an Alipay account, a mobile or a real name with a member. Each shared kind adds
 * its weight (settings.ts) once to the pair's score; a pair at or above link_score is linked.
 * Whitelisted values, the addresses operators sign in from and the shared trial account never link. */
import { formatCents } from '@app/contract/codecs';
import { LINK_KIND_LABELS, LINKS_SHOWN, type LinkedAccount, type LinkKind } from '@app/contract/console-risk';
import { REVIEW_STATES } from '@app/contract/enums';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { getRiskConfig, type RiskConfig } from './settings';

interface Shared {
  uid: number;
  kind: LinkKind;
  value: string;
}

/** Values of one kind shared with more members than this are a carrier's address, not a link. */
const CROWD = 50;

/** Every (other member, kind, value) the member shares; one statement. */
async function sharedFacts(db: Db, userId: number): Promise<Shared[]> {
  const rows = await db.execute(sql`
    with mine as (
      select 'device' as kind, device_id as value from member_devices where user_id = ${userId}
      union select 'ip', ip from member_logins where user_id = ${userId} and ip <> ''
      union select case type when 2 then 'usdt' else 'card' end, bank_no from cards where user_id = ${userId}
      union select 'wallet', account from withdrawals
        where user_id = ${userId} and kind = 'alipay' and account <> ''
      union select 'mobile', mobile from users where id = ${userId} and mobile <> ''
      union select 'realname', realname from users where id = ${userId} and realname <> ''
    ),
    usable as (
      select m.kind, m.value from mine m
      where not exists (select 1 from risk_whitelist w where w.kind = m.kind and w.value = m.value)
        and not (m.kind = 'ip' and exists (select 1 from operator_sessions o where o.ip = m.value))
    ),
    others as (
      select u.kind, u.value, d.user_id as uid from usable u join member_devices d
        on u.kind = 'device' and d.device_id = u.value
      union select u.kind, u.value, l.user_id from usable u join member_logins l
        on u.kind = 'ip' and l.ip = u.value
      union select u.kind, u.value, c.user_id from usable u join cards c
        on u.kind in ('card', 'usdt') and c.bank_no = u.value
      union select u.kind, u.value, w.user_id from usable u join withdrawals w
        on u.kind = 'wallet' and w.kind = 'alipay' and w.account = u.value
      union select u.kind, u.value, x.id from usable u join users x
        on (u.kind = 'mobile' and x.mobile = u.value) or (u.kind = 'realname' and x.realname = u.value)
    ),
    crowded as (select kind, value from others group by kind, value having count(*) > ${CROWD + 1})
    select o.uid, o.kind, o.value from others o join users x on x.id = o.uid
    where o.uid <> ${userId} and x.is_trial = 0
      and not exists (select 1 from crowded c where c.kind = o.kind and c.value = o.value)
  `);
  return rowsOf<{ uid: number; kind: LinkKind; value: string }>(rows).map((r) => ({
    ...r,
    uid: Number(r.uid),
  }));
}

interface Totals {
  username: string;
  deposits: bigint;
  bonuses: bigint;
  withdrawals: bigint;
}

/** Names and lifetime money of these members: approved deposits, promotions received, paid withdrawals. */
async function totalsOf(db: Db, ids: number[]): Promise<Map<number, Totals>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute(sql`
    select u.id, u.username,
      (select coalesce(sum(amount_cents), 0) from deposits d
        where d.user_id = u.id and d.state = ${REVIEW_STATES.approved}) as deposits,
      (select coalesce(sum(amount_cents), 0) from withdrawals w
        where w.user_id = u.id and w.state = ${REVIEW_STATES.approved}) as withdrawals,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join wallets wl on wl.id = e.wallet_id
        where wl.user_id = u.id and e.tx_id in (select b.tx_id from ledger_entries b where b.account = 'bonuses')
      ) as bonuses
    from users u where u.id in (${list})
  `);
  const out = new Map<number, Totals>();
  for (const r of rowsOf<Record<string, string | number>>(rows)) {
    out.set(Number(r.id), {
      username: String(r.username),
      deposits: BigInt(r.deposits ?? 0),
      withdrawals: BigInt(r.withdrawals ?? 0),
      bonuses: BigInt(r.bonuses ?? 0),
    });
  }
  return out;
}

export interface Link {
  userId: number;
  score: number;
  reasons: Shared[];
}

/** Scores every member sharing something with `userId`; the linked ones, highest score first. */
export function scoreLinks(facts: Shared[], config: RiskConfig): Link[] {
  const byMember = new Map<number, Shared[]>();
  for (const f of facts) byMember.set(f.uid, [...(byMember.get(f.uid) ?? []), f]);
  const links: Link[] = [];
  for (const [uid, reasons] of byMember) {
    const kinds = new Set(reasons.map((r) => r.kind));
    const score = [...kinds].reduce((s, k) => s + config.weights[k], 0);
    if (score >= config.linkScore) links.push({ userId: uid, score, reasons });
  }
  return links.sort((a, b) => b.score - a.score || a.userId - b.userId);
}

/** The member's linked accounts, with what they share and their money (at most LINKS_SHOWN). */
export async function linkedAccounts(db: Db, userId: number, config?: RiskConfig): Promise<LinkedAccount[]> {
  const links = scoreLinks(await sharedFacts(db, userId), config ?? (await getRiskConfig(db))).slice(
    0,
    LINKS_SHOWN,
  );
  const totals = await totalsOf(
    db,
    links.map((l) => l.userId),
  );
  return links.map((l) => {
    const t = totals.get(l.userId);
    return {
      user_id: l.userId,
      username: t?.username ?? '',
      score: l.score,
      reasons: l.reasons.map((r) => ({ kind: r.kind, label: LINK_KIND_LABELS[r.kind], value: r.value })),
      deposits: formatCents(t?.deposits ?? 0n),
      bonuses: formatCents(t?.bonuses ?? 0n),
      withdrawals: formatCents(t?.withdrawals ?? 0n),
    };
  });
}

/** The member's linked accounts that already had `activityId` approved: a bonus review shows them. */
export async function linkedWhoHad(
  db: Db,
  userId: number,
  activityId: number,
): Promise<{ user_id: number; username: string }[]> {
  const linked = await linkedAccounts(db, userId);
  if (linked.length === 0) return [];
  const ids = sql.join(
    linked.map((l) => sql`${l.user_id}`),
    sql`, `,
  );
  const rows = await db.execute(sql`
    select distinct user_id from activity_applications
    where activity_id = ${activityId} and state = ${REVIEW_STATES.approved} and user_id in (${ids})
  `);
  const had = new Set(rowsOf<{ user_id: number }>(rows).map((r) => Number(r.user_id)));
  return linked.filter((l) => had.has(l.user_id)).map((l) => ({ user_id: l.user_id, username: l.username }));
}
