import { playBreaks } from '../../src/db/schema/protection';
import type { ConsoleSamples } from './types';

const DAY_MS = 86_400_000;

/** 责任博彩 on the member page: a member, and for the lift an exclusion of 7 months ago, for good. */
export const SAMPLES: ConsoleSamples = {
  consoleProtectionReport: async () => ({}),
  consoleMemberProtection: async (t) => ({ id: (await t.newMember()).id }),
  consoleTightenLimit: async (t) => ({
    id: (await t.newMember()).id,
    kind: 'loss',
    period: 'week',
    amount: '300',
  }),
  consoleLiftExclusion: async (t) => {
    const m = await t.newMember();
    const [b] = await t.db
      .insert(playBreaks)
      .values({
        userId: m.id,
        kind: 'exclusion',
        startedAt: new Date(Date.now() - 210 * DAY_MS),
        endsAt: null,
      })
      .returning({ id: playBreaks.id });
    return { id: m.id, break_id: b?.id ?? 0, reason: '会员申请，已满最短期限' };
  },
};
