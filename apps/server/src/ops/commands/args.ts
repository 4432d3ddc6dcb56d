import { OPS_LIST_STATE_DEFAULT, OPS_LIST_STATES } from '@app/contract/ops-fields';
import { UsageError } from './format';

/** The help text of a review list's state argument. */
export const STATE_ARG = '[state: 1 pending (default), 2 approved, 3 rejected, 0 all]';

/** A review list's state argument (default pending). */
export function stateArg(args: string[]): number {
  const state = args[0] ?? String(OPS_LIST_STATE_DEFAULT);
  const n = Number(state);
  if (!/^\d$/.test(state) || !(OPS_LIST_STATES as readonly number[]).includes(n)) {
    throw new UsageError('state is 0, 1, 2 or 3');
  }
  return n;
}

/** The first argument, trimmed; `what` names it when it is missing. */
export function oneArg(what: string, args: string[]): string {
  const v = args[0]?.trim();
  if (!v) throw new UsageError(`name the ${what}`);
  return v;
}
