/* An activity whose bonus cap is above the review amount (or has no cap) pays out only after a second
 * operator (财务 or 超级管理员) approves the rule: one 运营 cannot raise a cap and approve the bonus. */
import type { ReviewTicket } from '@app/contract/console-approvals';
import { formatCents } from '@app/contract/codecs';
import type { ActivityInput } from '@app/contract/console-promo';
import { eq } from 'drizzle-orm';
import type { Actor, AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/promo';
import { getControls } from '../approvals/controls';
import { fileForReview, type Executor } from '../approvals/service';
import { createActivity, updateActivity } from './admin-activities';

type Audit = (e: AuditEntry) => Promise<void>;

/** The cap in cents, 0 meaning none (unbounded: always above the review amount). */
const capText = (cents: bigint) => (cents === 0n ? '不封顶' : `封顶 ${formatCents(cents)}`);

async function needsReview(db: Db, cap: bigint, id: number | null): Promise<boolean> {
  const { bonusCapReviewAboveCents } = await getControls(db);
  if (cap !== 0n && cap <= bonusCapReviewAboveCents) return false;
  if (id === null) return true;
  const [current] = await db
    .select({ cap: activities.bonusCapCents })
    .from(activities)
    .where(eq(activities.id, id));
  // An unchanged cap was approved (or set before the rule): editing the text does not ask again.
  return !current || current.cap !== cap;
}

type Saved = Awaited<ReturnType<typeof createActivity>>['row'];

/**
 * Creates (id null) or saves an activity: at once, or (a cap above the review amount) in 待复核, after
 * checking every refusal the save would give.
 */
export async function requestActivitySave(
  db: Db,
  maker: Actor,
  id: number | null,
  input: ActivityInput,
  audit: Audit,
  apply: () => Promise<Saved>,
): Promise<Saved | ReviewTicket> {
  const cap = BigInt(input.bonus_cap);
  if (!(await needsReview(db, cap, id))) return apply();
  return fileForReview(
    db,
    maker,
    {
      check: () => (id === null ? createActivity(db, input) : updateActivity(db, id, input)),
      kind: id === null ? 'activity.create' : 'activity.update',
      targetType: 'activity',
      targetId: id ?? '',
      payload: { id, input },
      summary: `${id === null ? '新建' : '修改'}活动「${input.title}」，奖金${capText(cap)}`,
    },
    audit,
  );
}

export const activityExecutor: Executor = async ({ db, row, maker, checker, audit }, payload) => {
  const { id, input } = payload as { id: number | null; input: ActivityInput };
  const approval = { approval_id: row.id, maker_name: maker.name, checker_name: checker.name };
  if (id === null) {
    const r = await createActivity(db, input);
    await audit({
      action: 'activity.create',
      targetType: 'activity',
      targetId: r.row.id,
      after: { ...r.after, ...approval },
    });
    return { result: `活动「${r.row.title}」已创建` };
  }
  const r = await updateActivity(db, id, input);
  await audit({
    action: 'activity.update',
    targetType: 'activity',
    targetId: id,
    before: r.before,
    after: { ...(r.after as object), ...approval },
  });
  return { result: `活动「${r.row.title}」已保存` };
};
