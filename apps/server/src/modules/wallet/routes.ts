import { balance } from '@app/contract/auth';
import { formatCents } from '@app/contract/codecs';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { centralBalance } from './service';

export default async function walletRoutes(app: FastifyInstance) {
  endpoint(app, balance, {
    handler: async ({ member }) => ({
      data: { balance: formatCents(await centralBalance(app.db, member.id)) },
    }),
  });
}
