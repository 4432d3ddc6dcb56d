import { and, eq, inArray, ne } from 'drizzle-orm';
import { beijingDate, now } from '../../src/core/clock';
import { operators } from '../../src/db/schema/operators';
import { supportCannedReplies, supportConversations, supportMessages } from '../../src/db/schema/support';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let visitors = 0;

/** A waiting conversation with one message (a visitor's, or the member's when `userId` is given). */
async function waitingConversation(t: TestApp, userId: number | null = null): Promise<number> {
  const at = new Date(now());
  const [row] = await t.db
    .insert(supportConversations)
    .values({
      userId,
      visitorHash: userId === null ? `sample-${process.pid}-${++visitors}` : null,
      nickname: '样例访客',
      createdAt: at,
      lastMessageAt: at,
    })
    .returning({ id: supportConversations.id });
  if (!row) throw new Error('conversation not written');
  await t.db.insert(supportMessages).values({
    conversationId: row.id,
    sender: userId === null ? 'visitor' : 'member',
    body: '你好',
    createdAt: at,
  });
  return row.id;
}

/** Another operator who works the desk (the role matrix signs in every role). */
async function colleagueOf(t: TestApp, callerId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        ne(operators.id, callerId),
        eq(operators.disabled, false),
        inArray(operators.role, ['support', 'finance', 'admin']),
      ),
    )
    .limit(1);
  if (!row) throw new Error('no colleague');
  return row.id;
}

const today = () => beijingDate();

/** A valid request for each console call of 客服工作台 (console-roles.test.ts). */
export const SAMPLES: ConsoleSamples = {
  consoleSupportQueue: async () => ({ view: 'all' }),
  consoleSupportConversation: async (t) => ({ id: await waitingConversation(t) }),
  consoleSupportTake: async (t) => ({ id: await waitingConversation(t) }),
  consoleSupportTransfer: async (t, caller) => ({
    id: await waitingConversation(t),
    operator_id: await colleagueOf(t, caller.id),
  }),
  consoleSupportReply: async (t) => ({ id: await waitingConversation(t), text: '您好' }),
  consoleSupportRead: async (t) => ({ id: await waitingConversation(t) }),
  consoleSupportClose: async (t) => ({ id: await waitingConversation(t), tag: '其他' }),
  consoleSupportPresence: async () => ({ online: false }),
  consoleSupportOperators: async () => ({}),
  consoleSupportCanned: async () => ({}),
  consoleSupportCannedSave: async () => ({ title: '问候', body: '您好' }),
  consoleSupportCannedDelete: async (t) => {
    const [row] = await t.db
      .insert(supportCannedReplies)
      .values({ title: '删', body: '删', updatedAt: new Date(now()) })
      .returning({ id: supportCannedReplies.id });
    return { id: row?.id ?? 0 };
  },
  consoleSupportSearch: async () => ({ start_date: today(), end_date: today() }),
  consoleSupportMember: async (t) => ({ id: await waitingConversation(t, (await t.newMember()).id) }),
  consoleSupportFigures: async () => ({ day: today() }),
};
