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
      { path: 'audit', lazy: screen(() => import('@/features/audit/screens/AuditScreen')) },
      { path: 'operators', lazy: screen(() => import('@/features/operators/screens/OperatorsScreen')) },
      { path: 'account', lazy: screen(() => import('@/features/auth/screens/AccountScreen')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createConsoleRouter(_queryClient: QueryClient) {
  return createBrowserRouter(ROUTES);
}
