import type { PlanKind, StatementState } from '@app/contract/agent-plans';

/** A statement's tier: 第N档 (1-based), or why there is none. */
export function tierText(kind: PlanKind | null, tier: number): string {
  if (kind === 'turnover') return '—';
  return tier > 0 ? `第${tier}档` : '未达档位';
}

/** The tag colour of a statement's state. */
export const STATE_TONE: Record<StatementState, string> = { draft: 'warn', paid: 'done', nil: 'off' };

/** A win/loss figure's colour class: '' for zero. */
export function signClass(cents: number): string {
  return cents > 0 ? 'positive' : cents < 0 ? 'negative' : '';
}
