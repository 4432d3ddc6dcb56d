import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from '@/shared/router';
import { useMustChangePassword } from '@/shared/session/store';
import { ErrorBoundary } from '@/app/layout/ErrorBoundary';
import { ScreenFallback } from '@/app/layout/ScreenFallback';

const ForcedPasswordScreen = lazy(() => import('@/features/auth/screens/ForcedPasswordScreen'));

/**
 * Signed in with a one-time login password (an operator reset it): the forced 修改登录密码 screen
 * stands in for every route until it is changed or the member signs out, whatever the address. The
 * server answers every other call 403 meanwhile; the client turns that answer into this too.
 */
export function PasswordGate({ children }: { children: ReactNode }) {
  const held = useMustChangePassword();
  const { key } = useLocation();
  if (!held) return children;
  return (
    <div className="app-shell">
      <ErrorBoundary resetKey={key}>
        <Suspense fallback={<ScreenFallback />}>
          <ForcedPasswordScreen />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
