/* The account-takeover hold (issue 29): why a member's pending withdrawal may not be approved yet,
 * derived from what is already stored (no column of its own):
 * - an operator reset the member's login or payment password (audit_log rows RESET_ACTIONS on the
 *   member) within the hold window before now;
 * - the member bound a card or USDT address within the window (cards.created_at);
 * - the holder name of a bank or Alipay withdrawal differs from the member's real name: from the
 *   withdrawal's submission for the window.
 * The window is withdrawalHoldHours of the risk controls (approvals/controls.ts, 24 by default). */
import { formatDateTime } from '@app/contract/codecs';
import { REVIEW_STATES } from '@app/contract/enums';
import { opsResetMemberPassword } from '@app/contract/ops-site';
import { RESET_KIND_LABELS, shortDateTime } from '@app/contract/withdrawal-review';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { cards } from '../../db/schema/money';
import { auditLog } from '../../db/schema/operators';
import { getControls } from '../approvals/controls';

/**
 * The audit actions of an operator's password reset of a member (target_type 'member', target_id the
 * member's id), and which password each is. The console writes them (console/routes/members.ts); a
 * command-line reset (npm run ops -- user:reset-password) is read from its own row (cliResets).
 */
export const RESET_ACTIONS = {
  'member.resetPassword': 'login',
  'member.resetPayPassword': 'pay',
} as const satisfies Record<string, keyof typeof RESET_KIND_LABELS>;

const HOUR_MS = 3_600_000;

/** What a hold is computed from: a withdrawal's own columns. */
export interface HoldSubject {
  id: number;
  userId: number;
  kind: string;
  accountName: string;
  state: number;
  createdAt: Date;
}

export interface Hold {
  reason: string;
  until: Date;
}

const at = (d: Date) => shortDateTime(formatDateTime(d.getTime()));
const boundLabel = (type: number) => (type === 2 ? 'USDT地址' : '银行卡');
const compact = (s: string) => s.replace(/\s+/g, '');

/** The command line's reset of a member (ops-endpoint's audit row: the call's name, the fields sent). */
const CLI_RESET_ACTION = opsResetMemberPassword.name;

export interface MemberReset {
  userId: number;
  kind: keyof typeof RESET_KIND_LABELS;
  /** The operator's name, or 命令行（…） */
  by: string;
  byCli: boolean;
  at: Date;
}

/** The command line's resets of these members since `since` (its rows name the member by username). */
async function cliResets(db: Db, userIds: number[], since: Date): Promise<MemberReset[]> {
  const named = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, userIds));
  const idOf = new Map(named.map((u) => [u.username, u.id]));
  if (idOf.size === 0) return [];
  const rows = await db
    .select({ after: auditLog.after, by: auditLog.operatorName, at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, CLI_RESET_ACTION),
        inArray(sql<string>`${auditLog.after}->>'username'`, [...idOf.keys()]),
        gt(auditLog.at, since),
      ),
    );
  return rows.flatMap((r) => {
    const sent = (r.after ?? {}) as { username?: string; kind?: string };
    const userId = idOf.get(sent.username ?? '');
    const kind = sent.kind === 'pay' ? 'pay' : 'login';
    return userId === undefined ? [] : [{ userId, kind, by: r.by, byCli: true, at: r.at }];
  });
}

/** The password resets of these members since `since` (console and command line), newest first. */
export async function memberResets(db: Db, userIds: number[], since: Date): Promise<MemberReset[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      targetId: auditLog.targetId,
      action: auditLog.action,
      by: auditLog.operatorName,
      at: auditLog.at,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'member'),
        inArray(auditLog.targetId, userIds.map(String)),
        inArray(auditLog.action, Object.keys(RESET_ACTIONS)),
        gt(auditLog.at, since),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const console: MemberReset[] = rows.map((r) => ({
    userId: Number(r.targetId),
    kind: RESET_ACTIONS[r.action as keyof typeof RESET_ACTIONS],
    by: r.by,
    byCli: false,
    at: r.at,
  }));
  const all = [...console, ...(await cliResets(db, userIds, since))];
  return all.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Whether a holder name differs from the real name (spaces ignored; no real name: nothing to compare). */
export function nameDiffers(kind: string, holder: string, realname: string): boolean {
  if (kind !== 'bank' && kind !== 'alipay') return false;
  return compact(realname) !== '' && compact(holder) !== compact(realname);
}

/**
 * The holds still running (until after now) of each pending withdrawal of `ws`, by withdrawal id
 * (reviewed ones have none), each list by `until`. Three queries whatever the number of withdrawals.
 */
export async function holdsOf(db: Db, ws: HoldSubject[]): Promise<Map<number, Hold[]>> {
  const result = new Map<number, Hold[]>();
  const pending = ws.filter((w) => w.state === REVIEW_STATES.pending);
  if (pending.length === 0) return result;
  const windowMs = (await getControls(db)).withdrawalHoldHours * HOUR_MS;
  const t = now();
  const since = new Date(t - windowMs);
  const userIds = [...new Set(pending.map((w) => w.userId))];
  const resets = await memberResets(db, userIds, since);
  const bound = await db
    .select({ userId: cards.userId, type: cards.type, createdAt: cards.createdAt })
    .from(cards)
    .where(and(inArray(cards.userId, userIds), gt(cards.createdAt, since)));
  const names = await db
    .select({ id: users.id, realname: users.realname })
    .from(users)
    .where(inArray(users.id, userIds));
  const realname = new Map(names.map((u) => [u.id, u.realname]));
  const later = (d: Date) => new Date(d.getTime() + windowMs);
  for (const w of pending) {
    const holds: Hold[] = [];
    for (const r of resets.filter((x) => x.userId === w.userId)) {
      const who = r.byCli ? '命令行' : '客服';
      holds.push({ reason: `${who}于 ${at(r.at)} 重置了${RESET_KIND_LABELS[r.kind]}`, until: later(r.at) });
    }
    for (const c of bound.filter((x) => x.userId === w.userId)) {
      holds.push({
        reason: `新绑定的${boundLabel(c.type)}（${at(c.createdAt)}）`,
        until: later(c.createdAt),
      });
    }
    const real = realname.get(w.userId) ?? '';
    if (nameDiffers(w.kind, w.accountName, real) && later(w.createdAt).getTime() > t) {
      const who = w.kind === 'bank' ? '持卡人' : '收款人';
      holds.push({ reason: `${who}“${w.accountName}”与会员实名“${real}”不一致`, until: later(w.createdAt) });
    }
    const running = holds.filter((h) => h.until.getTime() > t);
    if (running.length > 0)
      result.set(
        w.id,
        running.sort((a, b) => a.until.getTime() - b.until.getTime()),
      );
  }
  return result;
}

/** A withdrawal's holds on the wire. */
export const holdsOnWire = (holds: Hold[] | undefined) =>
  (holds ?? []).map((h) => ({ reason: h.reason, until: formatDateTime(h.until.getTime()) }));
