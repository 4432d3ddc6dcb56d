import {
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
  VOUCHER_FILE_FIELD,
} from '@app/contract/wallet';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { BusinessError, MSG_NOT_FOUND } from '../../core/errors';
import {
  autoApprove,
  createDeposit,
  depositInfoOf,
  payRangeOf,
  payWayFlags,
  receivingCardList,
  storeImage,
} from './service';

export default async function depositRoutes(app: FastifyInstance) {
  endpoint(app, payWays, { handler: async () => ({ data: await payWayFlags(app.db) }) });

  endpoint(app, payRange, { handler: async ({ input }) => ({ data: await payRangeOf(app.db, input.type) }) });

  endpoint(app, receivingCards, { handler: async () => ({ data: await receivingCardList(app.db) }) });

  endpoint(app, deposit, {
    handler: async ({ member, input }) => {
      const depositNo = await createDeposit(app.db, member.id, input);
      return { data: { deposit_no: depositNo }, message: depositNo };
    },
  });

  endpoint(app, depositInfo, {
    handler: async ({ member, input }) => depositInfoOf(app.db, member.id, input.deposit_no),
  });

  endpoint(app, uploadVoucher, {
    handler: async ({ member, files }) => {
      const file = files.get(VOUCHER_FILE_FIELD);
      const path = await storeImage(app.db, app.config.dataDir, member.id, file, '请上传凭证图片');
      return { data: { path, real_path: path }, message: '上传成功' };
    },
  });

  // Uploaded images (vouchers, QR codes), by their random names only.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const m = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/.exec(request.params.name);
    if (!m?.[1]) throw new BusinessError(MSG_NOT_FOUND, 404);
    let data: Buffer;
    try {
      data = await readFile(join(app.config.dataDir, 'uploads', request.params.name));
    } catch {
      throw new BusinessError(MSG_NOT_FOUND, 404);
    }
    const type = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }[m[1]];
    return reply
      .type(type ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=86400')
      .send(data);
  });

  // DEMO_AUTO_APPROVE_SECONDS: approve pending deposits by themselves (demos only).
  const seconds = app.config.demoAutoApproveSeconds;
  if (seconds !== undefined && seconds > 0) {
    let running = false;
    const timer = setInterval(
      () => {
        if (running) return;
        running = true;
        autoApprove(app.db, seconds)
          .catch((err: unknown) => app.log.error({ err }, 'auto-approve failed'))
          .finally(() => {
            running = false;
          });
      },
      Math.min(5_000, seconds * 1000),
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
