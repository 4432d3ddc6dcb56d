import { MSG_INVITE_DAYS, MSG_INVITE_USES } from '@app/contract/agent-office';
import type { CategoryRates, InviteKind } from '@app/contract/agent-plans';
import { readRates, type RateTexts } from '@/shared/rates';
import type { InviteInput } from './api';

export interface InviteForm {
  kind: InviteKind;
  days: string;
  maxUses: string;
  rates: RateTexts;
}

export const MSG_NO_AGENT_LINKS = '您的代理层级已达上限，不能再发展下级代理';

/** A whole number within [min, max] as typed, else null. */
function wholeIn(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The request of 新建, or the first problem (the contract's words where it has them). */
export function readInviteForm(
  form: InviteForm,
  ctx: { own: CategoryRates; canInviteAgents: boolean },
): { input: InviteInput; problem: null } | { input: null; problem: string } {
  const days = wholeIn(form.days, 0, 365);
  if (days === null) return { input: null, problem: MSG_INVITE_DAYS };
  const maxUses = wholeIn(form.maxUses, 0, 100_000);
  if (maxUses === null) return { input: null, problem: MSG_INVITE_USES };
  if (form.kind === 'member') return { input: { kind: 'member', days, max_uses: maxUses }, problem: null };
  if (!ctx.canInviteAgents) return { input: null, problem: MSG_NO_AGENT_LINKS };
  const read = readRates(form.rates, ctx.own);
  if (read.problem !== null) return { input: null, problem: read.problem };
  return { input: { kind: 'agent', days, max_uses: maxUses, rates: read.rates }, problem: null };
}
