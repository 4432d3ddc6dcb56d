import { randomUUID } from 'node:crypto';
import { blacklist, memberTags } from '../../src/db/schema/risk';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let sampleCount = 0;
/** A tag made for one sample (names are unique). */
const tag = async (t: TestApp) => {
  sampleCount += 1;
  const name = `样本${process.pid % 1000}-${sampleCount}`.slice(0, 12);
  const [row] = await t.db
    .insert(memberTags)
    .values({ name, color: '#1677ff', createdAt: new Date() })
    .returning({ id: memberTags.id });
  if (!row) throw new Error('no tag');
  return { id: row.id, name };
};
/** A blacklist entry made for one sample. */
const listed = async (t: TestApp) => {
  sampleCount += 1;
  const [row] = await t.db
    .insert(blacklist)
    .values({
      kind: 'ip',
      value: `10.250.${process.pid % 250}.${sampleCount}`,
      createdBy: '测试',
      createdAt: new Date(),
    })
    .returning({ id: blacklist.id });
  if (!row) throw new Error('no entry');
  return row.id;
};

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
  consoleMemberTags: async () => ({}),
  consoleCreateMemberTag: async () => {
    sampleCount += 1;
    return { name: `新标签${process.pid % 100}-${sampleCount}`.slice(0, 12), color: '#f5222d' };
  },
  consoleUpdateMemberTag: async (t) => {
    const { id, name } = await tag(t);
    return { id, name: `${name.slice(0, 10)}改`, color: '#52c41a' };
  },
  consoleDeleteMemberTag: async (t) => ({ id: (await tag(t)).id }),
  consoleTagMembers: async (t) => ({
    member_ids: [(await t.newMember()).id],
    tag_ids: [(await tag(t)).id],
    action: 'add',
  }),
  consoleMemberNotes: page,
  consoleAddMemberNote: async (t) => ({ ...(await member(t)), body: '测试备注' }),
  consoleBlacklist: async () => ({ kind: 'ip', q: '10.', page: 1, pageSize: 20 }),
  consoleAddBlacklist: async () => {
    sampleCount += 1;
    return { kind: 'device', value: `sample-device-${process.pid}-${sampleCount}`, reason: '测试' };
  },
  consoleRemoveBlacklist: async (t) => ({ id: await listed(t) }),
};
