/* Members' pictures a money review needs (deposit vouchers, WeChat QR codes of withdrawals), served to
 * a 财务 session on the console's own origin. Only names the server made, only from the uploads
 * folder, only files a deposit or a withdrawal refers to. */
import { MSG_CONSOLE_FORBIDDEN, MSG_CONSOLE_SIGNED_OUT, roleMayCall } from '@app/contract/console-define';
import { CONSOLE_UPLOAD_PREFIX, MONEY_ROLES } from '@app/contract/console-money';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../core/errors';
import { UPLOAD_URL_PREFIX } from '../core/paths';
import { readStoredUpload, STORED_NAME } from '../core/uploads';
import { deposits, withdrawals } from '../db/schema/money';
import { sessionToken } from './respond';
import { lookupSession } from './session';

export const MSG_UPLOAD_BAD_NAME = '图片地址无效';
export const MSG_UPLOAD_MISSING = '图片不存在';

export function registerMoneyUploads(app: FastifyInstance): void {
  app.get(`${CONSOLE_UPLOAD_PREFIX}*`, async (request, reply) => {
    const token = sessionToken(request);
    const operator = token ? await lookupSession(app.db, token) : null;
    if (!operator || operator.stage !== 'active') throw new BusinessError(MSG_CONSOLE_SIGNED_OUT, 401);
    if (!roleMayCall(operator.role, { roles: MONEY_ROLES })) {
      throw new BusinessError(MSG_CONSOLE_FORBIDDEN, 403);
    }
    // The wildcard as the router decoded it: one stored name, nothing else (no folder, no "..").
    const name = (request.params as { '*'?: string })['*'] ?? '';
    if (!STORED_NAME.test(name)) throw new BusinessError(MSG_UPLOAD_BAD_NAME, 400);
    const url = `${UPLOAD_URL_PREFIX}${name}`;
    const [used] = await app.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.voucher, url))
      .limit(1);
    const [qr] = used
      ? [used]
      : await app.db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.kind, 'wechat'), eq(withdrawals.account, url)))
          .limit(1);
    if (!qr) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
    const file = await readStoredUpload(app.config.dataDir, '', name);
    if (!file) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline')
      .send(file.data);
  });
}
