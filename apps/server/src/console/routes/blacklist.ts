import {
  consoleAddBlacklist,
  consoleBlacklist,
  consoleRemoveBlacklist,
} from '@app/contract/console-blacklist';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { addBlacklist, listBlacklist, removeBlacklist } from '../../modules/risk/blacklist';

/** Console routes of this area (calls in @app/contract/console-blacklist). */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleBlacklist, async ({ input }) => ({ data: await listBlacklist(app.db, input) }));
  consoleEndpoint(app, consoleAddBlacklist, async ({ input, actor, audit }) => {
    const row = await addBlacklist(app.db, actor, input);
    await audit({ action: 'blacklist.add', targetType: 'blacklist', targetId: row.id, after: row });
    return { data: row, message: '已加入黑名单' };
  });
  consoleEndpoint(app, consoleRemoveBlacklist, async ({ input, audit }) => {
    const row = await removeBlacklist(app.db, input.id);
    await audit({ action: 'blacklist.remove', targetType: 'blacklist', targetId: row.id, before: row });
    return { data: { id: row.id }, message: '已移出黑名单' };
  });
}
