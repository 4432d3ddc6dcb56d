import {
  consoleAdjustMember,
  consoleBlockMember,
  consoleMember,
  consoleMemberDeposits,
  consoleMemberLedger,
  consoleMemberLogins,
  consoleMemberLotteryOrders,
  consoleMemberRebates,
  consoleMembers,
  consoleMemberValidBets,
  consoleMemberWithdrawals,
  consoleMessageMember,
  consoleResetMemberPassword,
  consoleUnlockMemberPayPassword,
} from '@app/contract/console-members';
import type { FastifyInstance } from 'fastify';
import { isReviewTicket, reviewSubmittedMessage } from '@app/contract/console-approvals';
import { requestAdjustment } from '../../modules/member/admin-adjust';
import {
  blockMember,
  messageMember,
  resetPassword,
  unblockMember,
  unlockPayPassword,
} from '../../modules/member/admin-actions';
import {
  memberDeposits,
  memberLedger,
  memberLotteryOrders,
  memberRebates,
  memberSignIns,
  memberValidBets,
  memberWithdrawals,
} from '../../modules/member/admin-lists';
import { readMemberPage, searchMembers } from '../../modules/member/admin-page';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of this area (calls in @app/contract/console-members). */
export default async function consoleRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleMembers, async ({ input }) => ({ data: await searchMembers(app.db, input) }));
  consoleEndpoint(app, consoleMember, async ({ input, actor, operator }) => ({
    data: await readMemberPage(app.db, input.id, { actor, role: operator.role }),
  }));
  consoleEndpoint(app, consoleMemberLedger, async ({ input }) => ({
    data: await memberLedger(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberDeposits, async ({ input }) => ({
    data: await memberDeposits(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberWithdrawals, async ({ input }) => ({
    data: await memberWithdrawals(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberValidBets, async ({ input }) => ({
    data: await memberValidBets(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberLotteryOrders, async ({ input }) => ({
    data: await memberLotteryOrders(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberRebates, async ({ input }) => ({
    data: await memberRebates(app.db, input),
  }));
  consoleEndpoint(app, consoleMemberLogins, async ({ input }) => ({
    data: await memberSignIns(app.db, input),
  }));
  actionRoutes(app);
  adjustRoute(app);
}

function actionRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleBlockMember, async ({ input, audit }) => {
    const r = input.blocked
      ? await blockMember(app.db, app.roomBus, input.id)
      : await unblockMember(app.db, input.id);
    await audit({
      action: input.blocked ? 'member.block' : 'member.unblock',
      targetType: 'member',
      targetId: input.id,
      before: { blocked: r.before },
      after: { blocked: input.blocked, reason: input.reason, sessions_ended: r.sessionsEnded },
    });
    return {
      data: { id: input.id, blocked: input.blocked, sessions_ended: r.sessionsEnded },
      message: input.blocked ? '已冻结该会员，其登录已全部失效' : '已解除冻结',
    };
  });

  consoleEndpoint(app, consoleResetMemberPassword, async ({ input, audit }) => {
    const r = await resetPassword(app.db, app.roomBus, input.id, input.kind);
    await audit({
      action: input.kind === 'login' ? 'member.resetPassword' : 'member.resetPayPassword',
      targetType: 'member',
      targetId: input.id,
      after: { sessions_ended: r.sessionsEnded },
    });
    return {
      data: { kind: input.kind, password: r.password, sessions_ended: r.sessionsEnded },
      message: input.kind === 'login' ? '登录密码已重置' : '支付密码已重置',
    };
  });

  consoleEndpoint(app, consoleUnlockMemberPayPassword, async ({ input, audit }) => {
    const failures = await unlockPayPassword(app.db, input.id);
    await audit({
      action: 'member.unlockPayPassword',
      targetType: 'member',
      targetId: input.id,
      before: { failures },
      after: { failures: 0 },
    });
    return { data: { failures: 0 }, message: '已解除支付密码锁定' };
  });

  consoleEndpoint(app, consoleMessageMember, async ({ input, audit }) => {
    const sent = await messageMember(app.db, input.id, input.title, input.content);
    await audit({
      action: 'member.message',
      targetType: 'member',
      targetId: input.id,
      after: { message_id: sent.id, title: input.title },
    });
    return { data: { id: sent.id, created_at: sent.created_at }, message: '站内信已发送' };
  });
}

/** The balance adjustment: applied now, or filed in 待复核 for a second operator. */
function adjustRoute(app: FastifyInstance) {
  consoleEndpoint(app, consoleAdjustMember, async ({ input, actor, audit }) => {
    const r = await requestAdjustment(app.db, actor, input, audit);
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('member.adjust') };
    const verb = input.direction === 'credit' ? '加款' : '扣款';
    return { data: r, message: `${verb}成功，中心钱包余额 ${r.balance}` };
  });
}
