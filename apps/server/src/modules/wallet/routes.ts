import { formatCents } from '@app/contract/codecs';
import {
  accountRecords,
  fundsRecords,
  fundsSummary,
  setAutoTransfer,
  transfer,
  transferAll,
  venueBalances,
} from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { accountRecords as accountRecordPage } from './records';
import { WalletService } from './service';
import { fundsRecords as fundsRecordPage, netDeposits } from './statement';

export default async function walletRoutes(app: FastifyInstance) {
  const wallet = new WalletService(app.db);

  endpoint(app, venueBalances, {
    handler: async ({ member }) => ({
      data: (await wallet.venueBalances(member.id)).map((v) => ({
        name: v.name,
        platname: v.code,
        balance: formatCents(v.cents),
      })),
    }),
  });

  // One statement each: the claim, the movement and the stored reply (migration 0015).
  endpoint(app, transfer, {
    statement: ({ member, input, idem }) => wallet.transferCall(member.id, input, idem),
  });

  endpoint(app, transferAll, {
    statement: ({ member, idem }) => wallet.transferAllCall(member.id, idem),
  });

  endpoint(app, setAutoTransfer, {
    handler: async ({ member, input }) => {
      await wallet.setAutoTransfer(member.id, input.transferstatus as 0 | 1);
      return { data: null, message: '设置成功' };
    },
  });

  endpoint(app, accountRecords, {
    handler: async ({ member, input }) => ({
      data: await accountRecordPage(app.db, member.id, input.date, input.type, input.page),
    }),
  });

  // 资金明细: the member of the token only; the request names no member.
  endpoint(app, fundsRecords, {
    handler: async ({ member, input }) => ({
      data: await fundsRecordPage(app.db, member.id, input.date, input.page),
    }),
  });

  endpoint(app, fundsSummary, {
    handler: async ({ member }) => ({ data: await netDeposits(app.db, member.id) }),
  });
}
