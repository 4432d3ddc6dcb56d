import { formatCents, formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { beijingDate, beijingDayStart, DAY_MS, dayStartOf, now } from '../../core/clock';
import { pagedQuery, pageOf, pageOffset, type PageRequest } from '../../core/paging';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deposits, validBets } from '../../db/schema/money';
import { agentApplications } from '../../db/schema/promo';
import { siteSettings } from '../../db/schema/site';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import { reviewedRefusal } from '../promo/bonus';
import { makeAgent } from './tree';

export const MSG_ALREADY_AGENT = '您已经是代理，无需重复申请';
export const MSG_AGENT_PENDING = '您的代理申请正在审核中，请耐心等待';
export const MSG_TRIAL_NO_AGENT = '试玩账号不能申请代理';

/** /api/applyagentdo (mobile and reason already checked by the contract): one pending per member. */
export async function applyAgent(db: Db, userId: number, mobile: string, reason: string): Promise<void> {
  const [u] = await db
    .select({ isagent: users.isagent, trial: users.isTrial })
    .from(users)
    .where(eq(users.id, userId));
  if (u?.trial === 1) throw new BusinessError(MSG_TRIAL_NO_AGENT, 403);
  if (u?.isagent === 1) throw new BusinessError(MSG_ALREADY_AGENT);
  const rows = await db
    .insert(agentApplications)
    .values({ userId, mobile, reason, state: REVIEW_STATES.pending, createdAt: new Date(now()) })
    .onConflictDoNothing()
    .returning({ id: agentApplications.id });
  if (rows.length === 0) throw new BusinessError(MSG_AGENT_PENDING);
}

/**
 * The agent-application queue, the one query every door lists it with: each application (one state,
 * or every state with null) and its member, newest first.
 */
export function agentApplicationQueue(db: Db, q: PageRequest & { state: number | null }) {
  const where = q.state === null ? undefined : eq(agentApplications.state, q.state);
  const rows = db
    .select({
      a: agentApplications,
      username: users.username,
      realname: users.realname,
      isagent: users.isagent,
    })
    .from(agentApplications)
    .innerJoin(users, eq(users.id, agentApplications.userId))
    .where(where)
    .orderBy(desc(agentApplications.createdAt), desc(agentApplications.id))
    .$dynamic();
  return pagedQuery(rows, db.$count(agentApplications, where), q, (r) => r);
}

/** The command line's agent:list: the queue's newest `limit`, in its columns. */
export async function listAgentApplications(db: Db, state: number | null, limit: number) {
  const { items } = await agentApplicationQueue(db, { state, page: 1, pageSize: limit });
  return items.map((r) => ({
    id: r.a.id,
    username: r.username,
    realname: r.realname,
    mobile: r.a.mobile,
    reason: r.a.reason,
    state: r.a.state,
    created_at: formatDateTime(r.a.createdAt.getTime()),
  }));
}

/** Reviews one pending application (guarded on pending), with the reviewer and the note; null: none pending. */
async function reviewPending(
  db: Db | Tx,
  where: SQL,
  approve: boolean,
  actor: Actor,
  note: string,
): Promise<{ id: number; userId: number; state: number; reviewedAt: Date } | null> {
  const state = approve ? REVIEW_STATES.approved : REVIEW_STATES.rejected;
  const reviewedAt = new Date(now());
  const [row] = await db
    .update(agentApplications)
    .set({ state, reviewedAt, reviewedBy: actor.name, reviewNote: note })
    .where(and(where, eq(agentApplications.state, REVIEW_STATES.pending)))
    .returning({ id: agentApplications.id, userId: agentApplications.userId });
  return row ? { ...row, state, reviewedAt } : null;
}

/**
 * Operator review by username (command line). Approve: isagent = 1 and the pending application (if
 * any) approved, in one transaction. Reject: the pending application rejected (one must exist).
 */
export async function reviewAgent(db: Db, username: string, approve: boolean, actor: Actor, note = '') {
  const [u] = await db
    .select({ id: users.id, username: users.username, isagent: users.isagent })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (!u) throw new BusinessError('用户不存在', 404);
  return db.transaction(async (tx) => {
    const reviewed = await reviewPending(tx, eq(agentApplications.userId, u.id), approve, actor, note);
    if (!approve) {
      if (!reviewed) throw new BusinessError('该会员没有待审核的代理申请', 409);
    } else {
      if (u.isagent === 1 && !reviewed) throw new BusinessError('该会员已经是代理', 409);
      await approveAsAgent(tx, u.id);
    }
    return { username: u.username, isagent: approve ? 1 : u.isagent, application: reviewed?.id ?? null };
  });
}

/**
 * Operator review of one application by id (console): approve makes the member an agent, reject
 * keeps the reason; both in one transaction, guarded on pending, so of two operators at once one
 * wins and the other is told who reviewed it and when (409).
 */
export async function reviewAgentApplication(db: Db, id: number, approve: boolean, actor: Actor, note = '') {
  return db.transaction(async (tx) => {
    const reviewed = await reviewPending(tx, eq(agentApplications.id, id), approve, actor, note);
    if (!reviewed) {
      const [found] = await tx
        .select({
          state: agentApplications.state,
          reviewedBy: agentApplications.reviewedBy,
          reviewedAt: agentApplications.reviewedAt,
        })
        .from(agentApplications)
        .where(eq(agentApplications.id, id));
      if (!found) throw new BusinessError('申请不存在', 404);
      throw new BusinessError(reviewedRefusal('该申请', found), 409);
    }
    if (approve) await approveAsAgent(tx, reviewed.userId);
    return { ...reviewed, reviewedBy: actor.name, reviewNote: note };
  });
}

/** An approved applicant joins the tree under the agent whose downline it is in (none: at the top). */
async function approveAsAgent(tx: Tx, userId: number): Promise<void> {
  const [u] = await tx.select({ agentId: users.agentId }).from(users).where(eq(users.id, userId));
  await makeAgent(tx, userId, u?.agentId ?? null);
}

/* Invitations -------------------------------------------------------------------------------------- */

/** Start (epoch ms) of the Beijing month containing `at`. */
function beijingMonthStart(at: number): number {
  return dayStartOf(`${beijingDate(at).slice(0, 7)}-01`);
}

/** A member name as the inviter sees it: its first and last two characters. */
export function maskName(name: string): string {
  return name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

const FRIENDS_PAGE = 20;

/**
 * 好友明细: a page of the direct downline, newest first, who joined within the Beijing days
 * start…end (either may be null): masked name, join time, approved deposits and valid bets ever.
 */
export async function friendsOf(
  db: Db,
  userId: number,
  range: { start: string | null; end: string | null },
  page: number,
) {
  const where = [eq(users.pid, userId)];
  if (range.start) where.push(gte(users.createdAt, new Date(dayStartOf(range.start))));
  if (range.end) where.push(lt(users.createdAt, new Date(dayStartOf(range.end) + DAY_MS)));
  const [c] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...where));
  const rows = await db
    .select({
      name: users.username,
      joined: users.createdAt,
      // Correlated sums: columns spelt out with their tables (drizzle leaves them unqualified here).
      deposits: sql<string>`coalesce((select sum(d.amount_cents) from deposits d where d.user_id = users.id and d.state = ${REVIEW_STATES.approved}), 0)::text`,
      bets: sql<string>`coalesce((select sum(b.valid_cents) from valid_bets b where b.user_id = users.id and b.state = 'settled'), 0)::text`,
    })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(FRIENDS_PAGE)
    .offset(pageOffset(page, FRIENDS_PAGE));
  return pageOf(
    rows.map((r) => ({
      username: maskName(r.name),
      joined_at: formatDateTime(r.joined.getTime()),
      deposits: formatCents(BigInt(r.deposits)),
      bets: formatCents(BigInt(r.bets)),
    })),
    c?.n ?? 0,
    page,
    FRIENDS_PAGE,
  );
}

/**
 * The referral bonus on offer (InviteBonusRule of the contract: amount per qualifying friend, the
 * friend's deposits and valid bets, the turnover multiple), the figures /inviter's 奖金介绍 shows.
 * None is configured or paid: nothing in the settings sets one and nothing credits one, so null, and
 * the app says no referral bonus is offered rather than promise one. A referral programme, once it
 * pays, answers its own figures here.
 */
export const REFERRAL_BONUS_RULE: {
  amount: string;
  min_deposit: string;
  min_bets: string;
  turnover_multiple: number;
} | null = null;

/**
 * /api/inviteInfo: counters over the direct downline (members whose pid is the member). Active = a
 * settled valid bet above 0 in the period (a wholly hedged round records 0); effective (valid_*) =
 * with an approved deposit ever; recharge = the downline's deposits approved in the period. No
 * referral bonuses exist yet: records is empty and bonus_rule null (REFERRAL_BONUS_RULE).
 */
export async function inviteInfo(
  db: Db,
  userId: number,
  publicUrl: string,
  q: { start_date: string | null; end_date: string | null; page: number },
) {
  const page = q.page;
  const at = now();
  const today = new Date(beijingDayStart(at));
  const month = new Date(beijingMonthStart(at));
  const downline = eq(users.pid, userId);
  const hasBetSince = (since: Date) =>
    inArray(
      users.id,
      db
        .select({ id: validBets.userId })
        .from(validBets)
        .where(
          and(eq(validBets.state, 'settled'), gt(validBets.validCents, 0n), gte(validBets.createdAt, since)),
        ),
    );
  const hasDeposit = inArray(
    users.id,
    db.select({ id: deposits.userId }).from(deposits).where(eq(deposits.state, REVIEW_STATES.approved)),
  );
  const n = async (...extra: SQL[]) =>
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(downline, ...extra))
    )[0]?.n ?? 0;
  const recharge = async (since: Date) => {
    const [row] = await db
      .select({ s: sql<string>`coalesce(sum(${deposits.amountCents}), 0)::text` })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(and(downline, eq(deposits.state, REVIEW_STATES.approved), gte(deposits.reviewedAt, since)));
    return formatCents(BigInt(row?.s ?? '0'));
  };
  const [s] = await db.select({ h5: siteSettings.h5Url }).from(siteSettings);
  const base = (s?.h5 || publicUrl).replace(/\/+$/, '');
  return {
    team_count: await n(),
    month_new: await n(gte(users.createdAt, month)),
    month_active: await n(hasBetSince(month)),
    valid_active: await n(hasBetSince(month), hasDeposit),
    today_new: await n(gte(users.createdAt, today)),
    today_active: await n(hasBetSince(today)),
    valid_new: await n(gte(users.createdAt, month), hasDeposit),
    month_recharge: await recharge(month),
    today_recharge: await recharge(today),
    invite_url: `${base}/#/login?type=1&pid=${userId}`,
    records: { data: [], total: 0, current_page: page, last_page: 1 },
    friends: await friendsOf(db, userId, { start: q.start_date, end: q.end_date }, page),
    bonus_rule: REFERRAL_BONUS_RULE,
  };
}
