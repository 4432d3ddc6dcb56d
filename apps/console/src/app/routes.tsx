import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SignedInLayout } from './SignedInLayout';
import { NotFound } from './NotFound';

/** A screen loaded on demand: each route's code arrives when it is first opened. */
const screen =
  (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

export const ROUTES: RouteObject[] = [
  { path: '/login', lazy: screen(() => import('@/features/auth/screens/LoginScreen')) },
  {
    path: '/',
    element: <SignedInLayout />,
    children: [
      { index: true, lazy: screen(() => import('@/features/dashboard/screens/DashboardScreen')) },
      { path: 'support', lazy: screen(() => import('@/features/support/screens/SupportScreen')) },
      { path: 'deposits', lazy: screen(() => import('@/features/deposits/screens/DepositsScreen')) },
      { path: 'withdrawals', lazy: screen(() => import('@/features/withdrawals/screens/WithdrawalsScreen')) },
      {
        path: 'applications/activity',
        lazy: screen(() => import('@/features/applications/screens/ActivityApplicationsScreen')),
      },
      {
        path: 'applications/agent',
        lazy: screen(() => import('@/features/applications/screens/AgentApplicationsScreen')),
      },
      { path: 'members', lazy: screen(() => import('@/features/members/screens/MembersScreen')) },
      { path: 'members/:id', lazy: screen(() => import('@/features/members/screens/MemberScreen')) },
      { path: 'risk/rules', lazy: screen(() => import('@/features/risk/screens/RiskRulesScreen')) },
      { path: 'risk/blacklist', lazy: screen(() => import('@/features/risk-lists/screens/BlacklistScreen')) },
      { path: 'audit', lazy: screen(() => import('@/features/audit/screens/AuditScreen')) },
      { path: 'operators', lazy: screen(() => import('@/features/operators/screens/OperatorsScreen')) },
      { path: 'approvals', lazy: screen(() => import('@/features/approvals/screens/ApprovalsScreen')) },
      { path: 'controls', lazy: screen(() => import('@/features/approvals/screens/ControlsScreen')) },
      { path: 'content/banners', lazy: screen(() => import('@/features/content/screens/BannersScreen')) },
      { path: 'content/notices', lazy: screen(() => import('@/features/content/screens/NoticesScreen')) },
      { path: 'content/articles', lazy: screen(() => import('@/features/content/screens/ArticlesScreen')) },
      { path: 'content/pages', lazy: screen(() => import('@/features/content/screens/PagesScreen')) },
      { path: 'content/messages', lazy: screen(() => import('@/features/content/screens/MessagesScreen')) },
      {
        path: 'content/bulk-messages',
        lazy: screen(() => import('@/features/outreach/screens/BulkMessagesScreen')),
      },
      {
        path: 'payments/methods',
        lazy: screen(() => import('@/features/payments/screens/PayMethodsScreen')),
      },
      {
        path: 'payments/cards',
        lazy: screen(() => import('@/features/payments/screens/ReceivingCardsScreen')),
      },
      { path: 'payments/rates', lazy: screen(() => import('@/features/payments/screens/RatesScreen')) },
      { path: 'site/settings', lazy: screen(() => import('@/features/site/screens/SiteSettingsScreen')) },
      { path: 'site/redpackets', lazy: screen(() => import('@/features/site/screens/RedPacketsScreen')) },
      { path: 'promo/activities', lazy: screen(() => import('@/features/promo/screens/ActivitiesScreen')) },
      { path: 'promo/rebates', lazy: screen(() => import('@/features/promo/screens/RebatesScreen')) },
      { path: 'promo/vip', lazy: screen(() => import('@/features/promo/screens/VipScreen')) },
      { path: 'lottery/lotteries', lazy: screen(() => import('@/features/lottery/screens/LotteriesScreen')) },
      { path: 'lottery/odds', lazy: screen(() => import('@/features/lottery/screens/OddsScreen')) },
      { path: 'lottery/rounds', lazy: screen(() => import('@/features/lottery/screens/RoundsScreen')) },
      { path: 'lottery/chat', lazy: screen(() => import('@/features/chat/screens/ChatScreen')) },
      { path: 'lottery/exposure', lazy: screen(() => import('@/features/lottery/screens/ExposureScreen')) },
      { path: 'agents', lazy: screen(() => import('@/features/agents/screens/AgentsScreen')) },
      { path: 'agents/plans', lazy: screen(() => import('@/features/agents/screens/PlansScreen')) },
      {
        path: 'agents/statements',
        lazy: screen(() => import('@/features/agents/screens/StatementsScreen')),
      },
      { path: 'agents/report', lazy: screen(() => import('@/features/agents/screens/AgentReportScreen')) },
      { path: 'reports', lazy: screen(() => import('@/features/reports/screens/ReportsScreen')) },
      {
        path: 'reports/protection',
        lazy: screen(() => import('@/features/reports/screens/ProtectionReportScreen')),
      },
      { path: 'account', lazy: screen(() => import('@/features/auth/screens/AccountScreen')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createConsoleRouter(_queryClient: QueryClient) {
  return createBrowserRouter(ROUTES);
}
