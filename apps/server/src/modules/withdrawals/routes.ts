import { formatCents, formatDateTime } from '@app/contract/codecs';
import { TURNOVER_SOURCE_LABELS, weightsOf, weightsText } from '@app/contract/turnover';
import {
  bindMobile,
  changePayPassword,
  MSG_WITHDRAW_SUBMITTED,
  withdraw,
  withdrawByQrcode,
  withdrawFee,
  withdrawTurnover,
} from '@app/contract/withdrawals';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import * as mobile from './mobile';
import * as payPassword from '../../identity/pay-password';
import { openRequirements, turnover, WITHDRAW_FEE_MULTIPLIER } from '../wallet/turnover';
import { submitWithdrawal, type WithdrawInput } from './withdraw';

export default async function withdrawalRoutes(app: FastifyInstance) {
  endpoint(app, withdrawTurnover, {
    handler: async ({ member }) => {
      const t = await turnover(app.db, member.id);
      const items = (await openRequirements(app.db, member.id)).map((r) => ({
        source: TURNOVER_SOURCE_LABELS[r.source] ?? r.source,
        required: formatCents(r.requiredCents),
        done: formatCents(r.doneCents),
        weights: weightsText(weightsOf(r.weights)),
        created_at: formatDateTime(r.createdAt.getTime()),
        ...(r.baseCents !== null && r.multiple !== null
          ? { base: formatCents(r.baseCents), multiple: r.multiple }
          : {}),
      }));
      return {
        data: { bet_amount: formatCents(t.bet), recharge_amount: formatCents(t.required), items },
      };
    },
  });

  endpoint(app, withdrawFee, {
    handler: async () => ({ data: { withdraw_fee: WITHDRAW_FEE_MULTIPLIER } }),
  });

  // One route for both forms: JSON (bank, usdt) and multipart (alipay, wechat QR).
  endpoint(app, withdraw, {
    multipartCall: withdrawByQrcode,
    handler: async ({ member, input, files }) => {
      await submitWithdrawal(app.db, app.config.dataDir, member.id, input as WithdrawInput, files);
      return { data: null, message: MSG_WITHDRAW_SUBMITTED };
    },
  });

  endpoint(app, bindMobile, {
    handler: async ({ member, input }) => {
      await mobile.bindMobile(app.db, member.id, input.mobile);
      return { data: null, message: '手机号绑定成功' };
    },
  });

  endpoint(app, changePayPassword, {
    handler: async ({ member, input }) => {
      await payPassword.changePayPassword(app.db, member.id, input.password, input.paypassword);
      return { data: null, message: '修改成功' };
    },
  });
}
