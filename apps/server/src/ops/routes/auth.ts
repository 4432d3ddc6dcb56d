import { formatCents, formatDateTime } from '@app/contract/codecs';
import { opsBlockUser, opsUsers } from '@app/contract/ops-site';
import { asc, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/accounts';
import { CENTRAL_VENUE, wallets } from '../../db/schema/wallets';
import { BusinessError } from '../../core/errors';
import { opsEndpoint } from '../respond';
import { memberBlocked } from '../../modules/auth/revocation';
import { vipLabel } from '../../modules/auth/service';

/** Operator routes of the accounts module (under /ops). */
export default async function authOps(app: FastifyInstance) {
  opsEndpoint(app, opsUsers, async ({ input }) => {
    const [total] = await app.db.select({ n: count() }).from(users);
    const rows = await app.db
      .select({
        id: users.id,
        username: users.username,
        realname: users.realname,
        vipLevel: users.vipLevel,
        isTrial: users.isTrial,
        isagent: users.isagent,
        blocked: users.blocked,
        createdAt: users.createdAt,
        balance: wallets.balanceCents,
      })
      .from(users)
      .leftJoin(wallets, sql`${wallets.userId} = ${users.id} and ${wallets.venue} = ${CENTRAL_VENUE}`)
      .orderBy(asc(users.id))
      .limit(input.limit)
      .offset(input.offset);
    return {
      data: {
        total: total?.n ?? 0,
        users: rows.map((u) => ({
          id: u.id,
          username: u.username,
          realname: u.realname,
          vip: vipLabel(u.vipLevel),
          balance: formatCents(u.balance ?? 0n),
          is_trial: u.isTrial,
          isagent: u.isagent,
          blocked: u.blocked,
          created_at: formatDateTime(u.createdAt.getTime()),
        })),
      },
    };
  });

  // A blocked member's sessions stay, so their next call answers 403 账号已被冻结 (not 401); their
  // games, launch tickets and chat sockets end at once, on every process.
  opsEndpoint(app, opsBlockUser, async ({ input }) => {
    const [row] = await app.db
      .update(users)
      .set({ blocked: input.blocked })
      .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
      .returning({ id: users.id, username: users.username, blocked: users.blocked });
    if (!row) throw new BusinessError('用户不存在', 404);
    if (row.blocked) await memberBlocked(app.db, app.roomBus, row.id);
    return { data: row };
  });
}
