/* The console's agent-application queue: each application with the member's name and whether they
 * are an agent already. */
import { formatDateTime } from '@app/contract/codecs';
import type { AgentApplication } from '@app/contract/console-applications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { agentApplications } from '../../db/schema/promo';
import { stateOfFilter, type ApplicationPageQuery } from '../promo/admin-applications';
import { agentApplicationQueue } from './service';

const time = (d: Date | null) => (d ? formatDateTime(d.getTime()) : null);

/** A page of the queue (service.ts agentApplicationQueue) as the console shows it. */
export async function agentApplicationPage(
  db: Db,
  q: ApplicationPageQuery,
): Promise<{ items: AgentApplication[]; total: number }> {
  const page = await agentApplicationQueue(db, { ...q, state: stateOfFilter(q.state) });
  return {
    items: page.items.map(({ a, username, realname, isagent }) => ({
      id: a.id,
      user_id: a.userId,
      username,
      realname,
      mobile: a.mobile,
      reason: a.reason,
      state: a.state,
      isagent,
      created_at: formatDateTime(a.createdAt.getTime()),
      reviewed_by: a.reviewedBy,
      reviewed_at: time(a.reviewedAt),
      review_note: a.reviewNote,
    })),
    total: page.total,
  };
}

/** The member of an agent application, for the audit row. */
export async function agentSubject(db: Db, id: number) {
  const [row] = await db
    .select({ member: users.username })
    .from(agentApplications)
    .innerJoin(users, eq(users.id, agentApplications.userId))
    .where(eq(agentApplications.id, id));
  return row ?? {};
}
