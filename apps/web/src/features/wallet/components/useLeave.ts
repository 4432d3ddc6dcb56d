import { useCallback } from 'react';
import { useLocation, useNavigate } from '@app/mobile/router';

/** Back to where the member came from (the withdrawal picker, /wallet), or to `fallback`. */
export function useLeave(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [navigate, key, fallback]);
}
