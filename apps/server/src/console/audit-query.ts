import type { consoleAudit } from '@app/contract/console-admin';
import { formatDateTime, parseDateTime } from '@app/contract/codecs';
import type { ParsedRequestOf, ReplyOf } from '@app/contract/define';
import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { CLI_ACTOR_NAME } from '../db/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/operators';

/* The audit log as the console browses it: newest first, filtered, a page at a time. Read only: the
 * table refuses UPDATE and DELETE (a trigger), and nothing here offers either. */

type AuditQuery = ParsedRequestOf<typeof consoleAudit>;

function conditions(q: AuditQuery): SQL[] {
  const where: SQL[] = [];
  // 命令行 finds every command-line row, whoever ran it (命令行（alice）).
  if (q.operator === CLI_ACTOR_NAME) where.push(isNull(auditLog.operatorId));
  else if (q.operator) where.push(sql`lower(${auditLog.operatorName}) = ${q.operator.toLowerCase()}`);
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.target_type) where.push(eq(auditLog.targetType, q.target_type));
  if (q.target_id) where.push(eq(auditLog.targetId, q.target_id));
  // The bounds are Beijing wall-clock times (the contract checked they parse).
  const from = q.from ? parseDateTime(q.from) : null;
  const to = q.to ? parseDateTime(q.to) : null;
  if (from !== null) where.push(gte(auditLog.at, new Date(from)));
  // `to` names a second: rows written during it (milliseconds after it) are in.
  if (to !== null) where.push(lt(auditLog.at, new Date(to + 1000)));
  return where;
}

export async function queryAudit(db: Db, q: AuditQuery): Promise<ReplyOf<typeof consoleAudit>> {
  const where = and(...conditions(q));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      at: formatDateTime(r.at.getTime()),
      operator_id: r.operatorId,
      operator_name: r.operatorName,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
    })),
  };
}
