import { cliActorName } from '@app/contract/ops-fields';
import { now } from '../core/clock';
import type { Db, Tx } from './client';
import { auditLog } from './schema/operators';

/** Who made a write: a console operator, or the command line (operator token on this machine). */
export interface Actor {
  /** Null for the command line. */
  operatorId: number | null;
  name: string;
  /** The client address ('' when unknown). */
  ip: string;
}

/** The name the command line's writes carry in the audit log and on reviewed items. */
export const CLI_ACTOR_NAME = cliActorName(undefined);
/** The command line as an author: 命令行（who ran it）, or 命令行 when it did not say. */
export const cliActor = (ip = '', who?: string): Actor => ({ operatorId: null, name: cliActorName(who), ip });

export interface AuditEntry {
  /** What was done, e.g. 'deposit.approve' (the console shows its label). */
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log. Call it inside the transaction of the write it records, so both
 * commit or neither does. Money is written as the wire's decimal strings, never bigint.
 */
export async function writeAudit(db: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.operatorId,
    operatorName: actor.name,
    action: entry.action,
    targetType: entry.targetType ?? '',
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    before: toJson(entry.before),
    after: toJson(entry.after),
    ip: actor.ip,
    at: new Date(now()),
  });
}

/** JSON for jsonb: bigint as a string, undefined as null. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Never in the audit log: fields a write's generic row masks in its input. */
const SECRET_FIELD = /password|secret|code|token/i;

/** A call's input for a generic audit row: top-level secret fields masked. */
export function redactSecrets(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '***' : v]),
  );
}
