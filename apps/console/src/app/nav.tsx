import type { OperatorRole } from '@app/contract/console-define';
import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  GiftOutlined,
  KeyOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface NavItem {
  path: string;
  label: string;
  icon: ReactNode;
  /** Who sees it besides 超级管理员 (the server checks every call again). */
  roles: readonly OperatorRole[];
}

/** The side menu: what each role may open. */
export const NAV: readonly NavItem[] = [
  { path: '/', label: '仪表盘', icon: <DashboardOutlined />, roles: ['finance', 'support', 'content'] },
  { path: '/deposits', label: '存款审核', icon: <BankOutlined />, roles: ['finance'] },
  { path: '/withdrawals', label: '取款审核', icon: <WalletOutlined />, roles: ['finance'] },
  {
    path: '/applications/activity',
    label: '活动申请',
    icon: <GiftOutlined />,
    roles: ['finance', 'content'],
  },
  {
    path: '/applications/agent',
    label: '代理申请',
    icon: <SolutionOutlined />,
    roles: ['content', 'support'],
  },
  { path: '/members', label: '会员管理', icon: <UserOutlined />, roles: ['finance', 'support', 'content'] },
  { path: '/audit', label: '审计日志', icon: <AuditOutlined />, roles: [] },
  { path: '/operators', label: '操作员', icon: <TeamOutlined />, roles: [] },
  { path: '/account', label: '修改密码', icon: <KeyOutlined />, roles: ['finance', 'support', 'content'] },
];

export const mayOpen = (role: OperatorRole, item: NavItem) => role === 'admin' || item.roles.includes(role);
