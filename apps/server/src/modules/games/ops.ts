import { formatCents } from '@app/contract/codecs';
import { opsRecordBet } from '@app/contract/ops-money';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { memberNamed } from '../../identity/members';
import { recordVenueBet } from './service';

/** Operator routes of the venues (under /ops). */
export default async function gamesOps(app: FastifyInstance) {
  opsEndpoint(app, opsRecordBet, async ({ input }) => {
    const member = await memberNamed(app.db, input.username);
    const platform = await recordVenueBet(app.db, member.id, input.platform, BigInt(input.amount));
    return { data: { username: member.username, platform, amount: formatCents(input.amount) } };
  });
}
