import { formatCents, formatDateTime } from '@app/contract/codecs';
import { opsBlockUser, opsResetMemberPassword, opsUsers } from '@app/contract/ops-site';
import type { FastifyInstance } from 'fastify';
import { opsEndpoint } from '../../http/ops-endpoint';
import { memberNamed } from '../../identity/members';
import { vipLabel } from '../auth/service';
import { blockMember, resetPassword, unblockMember } from './admin-actions';
import { listMembers } from './admin-page';

/** Operator routes of members (under /ops). */
export default async function memberOps(app: FastifyInstance) {
  opsEndpoint(app, opsUsers, async ({ input }) => {
    const { total, rows } = await listMembers(app.db, input);
    return {
      data: {
        total,
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

  // The console's block (member/admin-actions.ts): the member's sessions end at once.
  opsEndpoint(app, opsBlockUser, async ({ input }) => {
    const member = await memberNamed(app.db, input.username);
    if (input.blocked) await blockMember(app.db, app.roomBus, member.id);
    else await unblockMember(app.db, member.id);
    return { data: { ...member, blocked: input.blocked } };
  });

  // The console's 重置密码 (member/admin-actions.ts): a one-time password the member must change.
  opsEndpoint(app, opsResetMemberPassword, async ({ input }) => {
    const member = await memberNamed(app.db, input.username);
    const r = await resetPassword(app.db, app.roomBus, member.id, input.kind);
    return {
      data: { ...member, kind: input.kind, password: r.password, sessions_ended: r.sessionsEnded },
      message: input.kind === 'login' ? '登录密码已重置' : '支付密码已重置',
    };
  });
}
