import {
  banks,
  bindCard,
  cards,
  deleteCard,
  deposit,
  depositInfo,
  payRange,
  payWays,
  receivingCards,
  uploadVoucher,
  VOUCHER_FILE_FIELD,
} from '@app/contract/cashier';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { BusinessError, MSG_NOT_FOUND } from '../../core/errors';
import { readStoredUpload } from '../../core/uploads';
import { createDeposit, depositInfoOf, payRangeOf, payWayFlags, receivingCardList } from './service';
import { storeImage } from '../uploads/service';
import { bankList, bindCard as bindMemberCard, cardList, deleteCard as deleteMemberCard } from './cards';

export default async function cashierRoutes(app: FastifyInstance) {
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

  /* The member's cards (withdrawals pay out to them) and the bank picker */
  endpoint(app, cards, {
    handler: async ({ member, input }) => ({ data: await cardList(app.db, member.id, input.type) }),
  });

  endpoint(app, bindCard, {
    handler: async ({ member, input }) => {
      await bindMemberCard(app.db, member.id, input);
      return { data: null, message: '绑定成功' };
    },
  });

  endpoint(app, deleteCard, {
    handler: async ({ member, input }) => {
      await deleteMemberCard(app.db, member.id, input.id, input.pay_pass ?? '');
      return { data: null, message: '解绑成功' };
    },
  });

  endpoint(app, banks, { handler: async () => ({ data: await bankList(app.db) }) });

  // Uploaded images (vouchers, QR codes), by their random names only.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const upload = await readStoredUpload(app.config.dataDir, '', request.params.name);
    if (!upload) throw new BusinessError(MSG_NOT_FOUND, 404);
    return reply.type(upload.contentType).header('cache-control', 'private, max-age=86400').send(upload.data);
  });
}
