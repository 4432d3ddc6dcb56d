/* Members' pictures a money review needs (deposit vouchers, WeChat QR codes of withdrawals), which
 * the console shows a 财务 session on its own origin: only names the server made, only from the
 * uploads folder, only files a deposit or a withdrawal refers to. */
import { and, eq } from 'drizzle-orm';
import { BusinessError } from '../../core/errors';
import { UPLOAD_URL_PREFIX } from '../../core/paths';
import { readStoredUpload, STORED_NAME } from '../../core/uploads';
import type { Db } from '../../db/client';
import { deposits, withdrawals } from '../../db/schema/money';
import { MSG_UPLOAD_BAD_NAME, MSG_UPLOAD_MISSING } from '../uploads/admin-images';

/** The picture stored as `name` that a deposit or a withdrawal refers to: 400 for another name, else 404. */
export async function reviewPicture(db: Db, dataDir: string, name: string) {
  if (!STORED_NAME.test(name)) throw new BusinessError(MSG_UPLOAD_BAD_NAME, 400);
  const url = `${UPLOAD_URL_PREFIX}${name}`;
  const [used] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.voucher, url))
    .limit(1);
  const [qr] = used
    ? [used]
    : await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.kind, 'wechat'), eq(withdrawals.account, url)))
        .limit(1);
  if (!qr) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
  const file = await readStoredUpload(dataDir, '', name);
  if (!file) throw new BusinessError(MSG_UPLOAD_MISSING, 404);
  return file;
}
