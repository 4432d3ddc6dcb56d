import { logoff } from '@app/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@app/mobile/router';
import { sessionActions } from '@/shared/session/store';
import { call } from '@/shared/api/client';

/**
 * 退出登录: the server ends the session (best effort); then the session is forgotten and the page goes
 * to /login in one batched render (the guard never sees this screen without a token).
 */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(logoff).catch(() => null),
    onSettled: () => {
      sessionActions.signOut();
      navigate('/login', { replace: true });
      qc.clear();
    },
  });
}
