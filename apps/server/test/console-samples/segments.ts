import { memberSegments, messageBatches } from '../../src/db/schema/outreach';
import { now } from '../../src/core/clock';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

let made = 0;
const uniqueName = (what: string) => {
  made += 1;
  return `${what}${process.pid % 1000}-${made}`;
};

/** A saved segment: members of VIP level 1. */
export async function sampleSegment(t: TestApp) {
  const [s] = await t.db
    .insert(memberSegments)
    .values({ name: uniqueName('分群'), filters: { vip: 1 } as never, createdBy: '测试' })
    .returning();
  if (!s) throw new Error('segment not written');
  return s;
}

/** A message scheduled an hour ahead for a segment of nobody (a tag id that does not exist). */
async function scheduledBatch(t: TestApp) {
  const [b] = await t.db
    .insert(messageBatches)
    .values({
      title: '测试',
      content: '测试',
      segmentName: '测试',
      filters: { tag: 2_000_000_000 } as never,
      sendAt: new Date(now() + 3_600_000),
    })
    .returning();
  if (!b) throw new Error('batch not written');
  return b;
}

/** A request of each segments call (console-segments.ts), for the role matrix. */
export const SAMPLES: ConsoleSamples = {
  consoleSegments: async () => ({}),
  consoleCreateSegment: async () => ({ name: uniqueName('新分群'), filters: { vip: '2' } }),
  consoleDeleteSegment: async (t) => ({ id: (await sampleSegment(t)).id }),
  consoleMessageBatches: async () => ({ page: 1, pageSize: 20 }),
  consoleScheduleMessage: async (t) => ({
    segment_id: (await sampleSegment(t)).id,
    title: '活动通知',
    content: '本周活动已开启',
    send_at: '',
  }),
  consoleCancelMessageBatch: async (t) => ({ id: (await scheduledBatch(t)).id }),
};
