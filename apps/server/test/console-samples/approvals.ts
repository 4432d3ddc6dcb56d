import { createOperator } from '../../src/identity/operators';
import { submitApproval } from '../../src/modules/approvals/service';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let counter = 0;
const noAudit = async () => undefined;

/** A pending 待复核 item (nothing runs: the samples reject or withdraw it). */
async function pending(t: TestApp, maker: { id: number; name: string }) {
  const ticket = await submitApproval(
    t.db,
    { operatorId: maker.id, name: maker.name, ip: '' },
    { kind: 'member.adjust', targetType: 'member', targetId: 0, payload: {}, summary: '样例' },
    noAudit,
  );
  return ticket.review_id;
}

export const SAMPLES: ConsoleSamples = {
  consoleApprovals: async () => ({ view: 'pending' }),
  consoleDecideApproval: async (t) => {
    const { operator } = await createOperator(
      t.db,
      `sample_maker_${process.pid % 10000}_${(counter += 1)}`,
      'finance',
    );
    return { id: await pending(t, operator), approve: false, note: '样例驳回' };
  },
  consoleCancelApproval: async (t, caller) => ({ id: await pending(t, caller) }),
  consoleControls: async () => ({}),
  consoleSaveControls: async () => ({
    adjust_review_above: '5000',
    bonus_cap_review_above: '10000',
    daily_adjust: '200000',
    daily_approve: '2000000',
    withdrawal_hold_hours: 24,
  }),
};
