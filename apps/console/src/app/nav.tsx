import type { OperatorRole } from '@app/contract/console-define';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  HeartOutlined,
  KeyOutlined,
  NumberOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  TrophyOutlined,
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

/** A group of the side menu (shown when its operator may open one of its entries). */
export interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  children: readonly NavItem[];
}

const CONTENT: readonly NavItem[] = [
  { path: '/content/banners', label: '轮播图', icon: <AppstoreOutlined />, roles: ['content'] },
  { path: '/content/notices', label: '公告', icon: <AppstoreOutlined />, roles: ['content'] },
  { path: '/content/articles', label: '帮助文章', icon: <AppstoreOutlined />, roles: ['content'] },
  { path: '/content/pages', label: '弹窗与赞助', icon: <AppstoreOutlined />, roles: ['content'] },
  { path: '/content/messages', label: '站内信', icon: <AppstoreOutlined />, roles: ['content', 'support'] },
  {
    path: '/content/bulk-messages',
    label: '群发消息',
    icon: <AppstoreOutlined />,
    roles: ['content', 'support'],
  },
];
const PAYMENTS: readonly NavItem[] = [
  { path: '/payments/methods', label: '支付方式', icon: <CreditCardOutlined />, roles: ['finance'] },
  { path: '/payments/cards', label: '收款银行卡', icon: <CreditCardOutlined />, roles: ['finance'] },
  { path: '/payments/rates', label: '汇率与手续费', icon: <CreditCardOutlined />, roles: ['finance'] },
];
const SITE: readonly NavItem[] = [
  { path: '/site/settings', label: '站点设置', icon: <SettingOutlined />, roles: ['content'] },
  { path: '/site/redpackets', label: '红包设置', icon: <SettingOutlined />, roles: ['content'] },
];
const PROMO: readonly NavItem[] = [
  { path: '/promo/activities', label: '活动管理', icon: <GiftOutlined />, roles: ['content'] },
  { path: '/promo/rebates', label: '返水比例', icon: <GiftOutlined />, roles: ['content'] },
  { path: '/promo/vip', label: 'VIP等级', icon: <GiftOutlined />, roles: ['content'] },
];
const LOTTERY: readonly NavItem[] = [
  { path: '/lottery/lotteries', label: '彩种与房间', icon: <NumberOutlined />, roles: ['content'] },
  { path: '/lottery/odds', label: '赔率设置', icon: <NumberOutlined />, roles: ['content'] },
  {
    path: '/lottery/rounds',
    label: '开奖记录',
    icon: <NumberOutlined />,
    roles: ['content', 'finance', 'support'],
  },
  { path: '/lottery/chat', label: '房间聊天', icon: <NumberOutlined />, roles: ['content', 'support'] },
  {
    path: '/lottery/exposure',
    label: '风险敞口',
    icon: <NumberOutlined />,
    roles: ['content', 'finance', 'support', 'risk'],
  },
];

/** 代理管理: 运营 all; 财务 the statements and the report; 风控 the list and the report; 客服 the list. */
const AGENTS: readonly NavItem[] = [
  { path: '/agents', label: '代理列表', icon: <ApartmentOutlined />, roles: ['content', 'risk', 'support'] },
  { path: '/agents/plans', label: '佣金方案', icon: <ApartmentOutlined />, roles: ['content'] },
  {
    path: '/agents/statements',
    label: '代理账单',
    icon: <ApartmentOutlined />,
    roles: ['content', 'finance'],
  },
  {
    path: '/agents/report',
    label: '代理报表',
    icon: <ApartmentOutlined />,
    roles: ['content', 'finance', 'risk'],
  },
];

/** The grouped part of the side menu (after the review queues and members). */
export const NAV_GROUPS: readonly NavGroup[] = [
  { key: 'content', label: '内容管理', icon: <FileTextOutlined />, children: CONTENT },
  { key: 'payments', label: '支付设置', icon: <CreditCardOutlined />, children: PAYMENTS },
  { key: 'site', label: '站点设置', icon: <SettingOutlined />, children: SITE },
  { key: 'promo', label: '优惠管理', icon: <TrophyOutlined />, children: PROMO },
  { key: 'lottery', label: '彩票管理', icon: <NumberOutlined />, children: LOTTERY },
  { key: 'agents', label: '代理管理', icon: <ApartmentOutlined />, children: AGENTS },
  {
    key: 'reports',
    label: '报表',
    icon: <BarChartOutlined />,
    children: [
      { path: '/reports', label: '运营报表', icon: <BarChartOutlined />, roles: ['finance'] },
      { path: '/reports/protection', label: '责任博彩', icon: <HeartOutlined />, roles: ['risk', 'support'] },
    ],
  },
];

/** The side menu's single entries: what each role may open. */
export const NAV: readonly NavItem[] = [
  {
    path: '/',
    label: '仪表盘',
    icon: <DashboardOutlined />,
    roles: ['finance', 'support', 'content', 'risk'],
  },
  /** 客服工作台: the desk's calls are for 客服 and 财务 (console-support.ts DESK_ROLES). */
  { path: '/support', label: '客服工作台', icon: <CustomerServiceOutlined />, roles: ['support', 'finance'] },
  { path: '/deposits', label: '存款审核', icon: <BankOutlined />, roles: ['finance'] },
  { path: '/withdrawals', label: '取款审核', icon: <WalletOutlined />, roles: ['finance', 'risk'] },
  { path: '/approvals', label: '待复核', icon: <CheckSquareOutlined />, roles: ['finance', 'content'] },
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
  {
    path: '/members',
    label: '会员管理',
    icon: <UserOutlined />,
    roles: ['finance', 'support', 'content', 'risk'],
  },
  { path: '/risk/rules', label: '风险评分', icon: <SafetyOutlined />, roles: ['risk'] },
  { path: '/risk/blacklist', label: '黑名单', icon: <StopOutlined />, roles: ['risk', 'finance'] },
  { path: '/audit', label: '审计日志', icon: <AuditOutlined />, roles: [] },
  { path: '/operators', label: '操作员', icon: <TeamOutlined />, roles: [] },
  { path: '/controls', label: '风控设置', icon: <SafetyOutlined />, roles: ['finance', 'content'] },
  {
    path: '/account',
    label: '修改密码',
    icon: <KeyOutlined />,
    roles: ['finance', 'support', 'content', 'risk'],
  },
];

export const mayOpen = (role: OperatorRole, item: NavItem) => role === 'admin' || item.roles.includes(role);

/** Every entry, single or in a group. */
export const NAV_ITEMS: readonly NavItem[] = [...NAV, ...NAV_GROUPS.flatMap((g) => g.children)];
