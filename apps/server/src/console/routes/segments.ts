import {
  consoleCancelMessageBatch,
  consoleCreateSegment,
  consoleDeleteSegment,
  consoleMessageBatches,
  consoleScheduleMessage,
  consoleSegments,
} from '@app/contract/console-segments';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { cancelBatch, listBatches, scheduleMessage } from '../../modules/outreach/batches';
import { createSegment, deleteSegment, listSegments } from '../../modules/outreach/segments';

/** Console routes of this area (calls in @app/contract/console-segments): segments and bulk messages. */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSegments, async () => ({ data: { items: await listSegments(app.db) } }));
  consoleEndpoint(app, consoleCreateSegment, async ({ input, actor, audit }) => {
    const row = await createSegment(app.db, input, actor);
    await audit({ action: 'segment.create', targetType: 'segment', targetId: row.id, after: row });
    return { data: row, message: `已保存分群（当前 ${row.members} 人）` };
  });
  consoleEndpoint(app, consoleDeleteSegment, async ({ input, audit }) => {
    const before = await deleteSegment(app.db, input.id);
    await audit({
      action: 'segment.delete',
      targetType: 'segment',
      targetId: input.id,
      before: { name: before.name, filters: before.filters },
    });
    return { data: { id: input.id }, message: '分群已删除' };
  });
  consoleEndpoint(app, consoleMessageBatches, async ({ input }) => ({
    data: await listBatches(app.db, input.page, input.pageSize),
  }));
  consoleEndpoint(app, consoleScheduleMessage, async ({ input, actor, audit }) => {
    const row = await scheduleMessage(app.db, input, actor);
    await audit({
      action: 'messageBatch.schedule',
      targetType: 'messageBatch',
      targetId: row.id,
      after: row,
    });
    const message =
      row.state === 1
        ? `已发送给分群「${row.segment}」${row.recipients} 位会员`
        : `已定时于 ${row.send_at} 发送`;
    return { data: row, message };
  });
  consoleEndpoint(app, consoleCancelMessageBatch, async ({ input, actor, audit }) => {
    const row = await cancelBatch(app.db, input.id, actor);
    await audit({ action: 'messageBatch.cancel', targetType: 'messageBatch', targetId: row.id, after: row });
    return { data: row, message: '已取消定时发送' };
  });
}
