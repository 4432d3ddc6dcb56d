import { randomUUID } from 'node:crypto';
import { riskWhitelist } from '../../src/db/schema/risk';
import { pendingWithdrawal } from './money';
import type { ConsoleSamples } from './types';

/** A whitelist entry nobody else made; its id. */
async function whitelisted(t: Parameters<ConsoleSamples[string]>[0]): Promise<number> {
  const [row] = await t.db
    .insert(riskWhitelist)
    .values({ kind: 'ip', value: `10.${randomUUID()}`, createdBy: 'test', createdAt: new Date() })
    .returning({ id: riskWhitelist.id });
  if (!row) throw new Error('no whitelist entry');
  return row.id;
}

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleMemberLinks: async (t) => ({ id: (await t.newMember()).id }),
  consoleClearWithdrawalRisk: async (t) => ({ id: (await pendingWithdrawal(t)).id, note: '已电话核实本人' }),
  consoleRiskSettings: async () => ({}),
  consoleSaveRiskSettings: async () => ({
    weights: { device: 60, ip: 20, card: 80, usdt: 80, wallet: 80, mobile: 80, realname: 20 },
    link_score: 50,
    hold_score: 60,
    big_win: '50000',
    big_deposit: '50000',
    big_withdrawal: '50000',
  }),
  consoleRiskWhitelist: async () => ({}),
  consoleAddRiskWhitelist: async () => ({ kind: 'ip', value: `10.${randomUUID()}`, note: '公司办公网' }),
  consoleRemoveRiskWhitelist: async (t) => ({ id: await whitelisted(t) }),
};
