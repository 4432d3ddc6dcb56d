import { formatCents } from '@app/contract/codecs';
import {
  accountRecords as accountRecordsCall,
  banks,
  bindCard,
  bindMobile,
  cards,
  changePayPassword,
  deleteCard,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
  MSG_WITHDRAW_SUBMITTED,
} from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import * as service from './service';
import { turnover, WITHDRAW_FEE_MULTIPLIER } from './turnover';

export default async function withdrawalRoutes(app: FastifyInstance) {
  endpoint(app, withdrawTurnover, {
    handler: async ({ member }) => {
      const t = await turnover(app.db, member.id);
      return { data: { bet_amount: formatCents(t.bet), recharge_amount: formatCents(t.required) } };
    },
  });

  endpoint(app, withdrawFee, {
    handler: async () => ({ data: { withdraw_fee: WITHDRAW_FEE_MULTIPLIER } }),
  });

  // One route for both forms: JSON (bank, usdt) and multipart (alipay, wechat QR).
  endpoint(app, withdraw, {
    multipartCall: withdrawByQrcode,
    handler: async ({ member, input, files }) => {
      await service.submitWithdrawal(
        app.db,
        app.config.dataDir,
        member.id,
        input as service.WithdrawInput,
        files,
      );
      return { data: null, message: MSG_WITHDRAW_SUBMITTED };
    },
  });

  endpoint(app, bindMobile, {
    handler: async ({ member, input }) => {
      await service.bindMobile(app.db, member.id, input.mobile);
      return { data: null, message: '手机号绑定成功' };
    },
  });

  endpoint(app, cards, {
    handler: async ({ member, input }) => ({ data: await service.cardList(app.db, member.id, input.type) }),
  });

  endpoint(app, bindCard, {
    handler: async ({ member, input }) => {
      await service.bindCard(app.db, member.id, input);
      return { data: null, message: '绑定成功' };
    },
  });

  endpoint(app, deleteCard, {
    handler: async ({ member, input }) => {
      await service.deleteCard(app.db, member.id, input.id);
      return { data: null, message: '解绑成功' };
    },
  });

  endpoint(app, banks, { handler: async () => ({ data: await service.bankList(app.db) }) });

  endpoint(app, accountRecordsCall, {
    handler: async ({ member, input }) => ({
      data: await service.accountRecords(app.db, member.id, input.date, input.type, input.page),
    }),
  });

  endpoint(app, changePayPassword, {
    handler: async ({ member, input }) => {
      await service.changePayPassword(app.db, member.id, input.password, input.paypassword);
      return { data: null, message: '修改成功' };
    },
  });
}
