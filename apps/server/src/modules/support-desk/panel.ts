/* The member beside the chat: the console's member page (its read audited and counted, a card or
 * mobile masked unless the role reads them in full: member/admin-page.ts), the last deposits and
 * withdrawals with their state (a withdrawal's account masked likewise), pending applications. */
import { CONTACT_FULL_ROLES, maskCardNumber } from '@app/contract/console-members';
import { MSG_SUPPORT_NOT_MEMBER } from '@app/contract/console-support';
import { roleMayCall, type OperatorRole } from '@app/contract/console-define';
import { formatDateTime } from '@app/contract/codecs';
import { and, desc, eq } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import type { Actor } from '../../db/audit';
import type { Db } from '../../db/client';
import { activities, activityApplications, agentApplications } from '../../db/schema/promo';
import { memberDeposits, memberWithdrawals } from '../member/admin-lists';
import { readMemberPage } from '../member/admin-page';
import { conversationById } from './desk';

const LAST = 5;
/** An application's state while it waits for review. */
const PENDING = 1;

async function pendingApplications(db: Db, userId: number) {
  const [activity, agent] = await Promise.all([
    db
      .select({ title: activities.title, createdAt: activityApplications.createdAt })
      .from(activityApplications)
      .innerJoin(activities, eq(activities.id, activityApplications.activityId))
      .where(and(eq(activityApplications.userId, userId), eq(activityApplications.state, PENDING)))
      .orderBy(desc(activityApplications.createdAt))
      .limit(LAST),
    db
      .select({ createdAt: agentApplications.createdAt })
      .from(agentApplications)
      .where(and(eq(agentApplications.userId, userId), eq(agentApplications.state, PENDING)))
      .limit(1),
  ]);
  return [
    ...activity.map((a) => ({
      kind: 'activity' as const,
      title: a.title,
      created_at: formatDateTime(a.createdAt.getTime()),
    })),
    ...agent.map((a) => ({
      kind: 'agent' as const,
      title: '代理申请',
      created_at: formatDateTime(a.createdAt.getTime()),
    })),
  ];
}

/** The panel of conversation `id`'s member (a visitor has none: 400). */
export async function memberPanel(db: Db, id: number, viewer: { actor: Actor; role: OperatorRole }) {
  const c = await conversationById(db, id);
  if (c.userId === null) throw new BusinessError(MSG_SUPPORT_NOT_MEMBER);
  const userId = c.userId;
  const member = await readMemberPage(db, userId, viewer);
  const q = { id: userId, page: 1, pageSize: LAST };
  const [deposits, withdrawals, applications] = await Promise.all([
    memberDeposits(db, q),
    memberWithdrawals(db, q),
    pendingApplications(db, userId),
  ]);
  const full = roleMayCall(viewer.role, { roles: CONTACT_FULL_ROLES });
  return {
    member,
    deposits: deposits.items,
    withdrawals: withdrawals.items.map((w) => (full ? w : { ...w, account: maskCardNumber(w.account) })),
    applications,
  };
}
