import { useCallback } from 'react';
import { useLocation, useNavigate } from '@app/mobile/router';
import { showToast } from '@/shared/ui/toast';

export const MSG_SAME_PAGE = '已在当前页面！';

/** Whether `to` (path with optional search) names the page already shown. */
export function isCurrentPage(to: string, pathname: string, search: string): boolean {
  const at = to.indexOf('?');
  const path = at === -1 ? to : to.slice(0, at);
  const query = at === -1 ? '' : to.slice(at);
  return path === pathname && (query === '' || query === search);
}

/** Navigation of tab bar and links: going to the page already shown only says so (spec §2). */
export function useGo(): (to: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (to, options) => {
      if (isCurrentPage(to, pathname, search)) {
        showToast(MSG_SAME_PAGE);
        return;
      }
      void navigate(to, options);
    },
    [navigate, pathname, search],
  );
}

/** Back to the previous page, or to the hall when the app was opened on this page. */
export function useBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  }, [navigate, key]);
}
