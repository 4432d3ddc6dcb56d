import type { Dashboard } from '@app/contract/console-admin';
import type { OperatorRole } from '@app/contract/console-define';

/** A review queue on the dashboard: its figure and the screen that works it. */
export interface Queue {
  key: 'deposits' | 'withdrawals' | 'risk' | 'activity' | 'agent';
  title: string;
  path: string;
  /** Who may open its screen besides 超级管理员 (the side menu's roles, app/nav.tsx). */
  roles: readonly OperatorRole[];
  count: (d: Dashboard) => number;
  amount?: (d: Dashboard) => string;
}

export const QUEUES: readonly Queue[] = [
  {
    key: 'deposits',
    title: '待审核存款',
    path: '/deposits',
    roles: ['finance'],
    count: (d) => d.pending.deposits.count,
    amount: (d) => d.pending.deposits.amount,
  },
  {
    key: 'withdrawals',
    title: '待审核取款',
    path: '/withdrawals',
    roles: ['finance'],
    count: (d) => d.pending.withdrawals.count,
    amount: (d) => d.pending.withdrawals.amount,
  },
  {
    key: 'risk',
    title: '待风控提现',
    path: '/withdrawals',
    roles: ['risk'],
    count: (d) => d.pending.risk_withdrawals.count,
    amount: (d) => d.pending.risk_withdrawals.amount,
  },
  {
    key: 'activity',
    title: '待审核活动申请',
    path: '/applications/activity',
    roles: ['finance', 'content'],
    count: (d) => d.pending.activity_applications,
  },
  {
    key: 'agent',
    title: '待审核代理申请',
    path: '/applications/agent',
    roles: ['content', 'support'],
    count: (d) => d.pending.agent_applications,
  },
];

export const mayOpenQueue = (role: OperatorRole, q: Queue) => role === 'admin' || q.roles.includes(role);

/** Whether a queue the operator works has more waiting than before (a new item arrived). */
export function anyQueueGrew(role: OperatorRole, before: Dashboard, now: Dashboard): boolean {
  return QUEUES.some((q) => mayOpenQueue(role, q) && q.count(now) > q.count(before));
}
