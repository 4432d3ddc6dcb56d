import { randomUUID } from 'node:crypto';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

const member = async (t: TestApp) => ({ id: (await t.newMember()).id });
const page = async (t: TestApp) => ({ ...(await member(t)), page: 1, pageSize: 20 });

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleMembers: async (t) => ({ q: (await t.newMember()).name, page: 1, pageSize: 20 }),
  consoleMember: member,
  consoleMemberLedger: page,
  consoleMemberDeposits: page,
  consoleMemberWithdrawals: page,
  consoleMemberValidBets: page,
  consoleMemberLotteryOrders: page,
  consoleMemberRebates: page,
  consoleMemberLogins: page,
  consoleBlockMember: async (t) => ({ ...(await member(t)), blocked: true, reason: '测试冻结' }),
  consoleAdjustMember: async (t) => ({
    ...(await member(t)),
    direction: 'credit',
    amount: '10.00',
    reason: '测试加款',
    request_id: randomUUID(),
  }),
  consoleResetMemberPassword: async (t) => ({ ...(await member(t)), kind: 'login' }),
  consoleUnlockMemberPayPassword: member,
  consoleMessageMember: async (t) => ({ ...(await member(t)), title: '通知', content: '您好' }),
};
