import { useEffect } from 'react';
import { useNavigate } from '@app/mobile/router';
import { confirmDialog } from '@/shared/ui/dialog';

export const MSG_LOGIN_INVITE = '精彩内容等你来体验，快来登录吧！';

/** A visitor on a 'confirm' route: asked to log in; 确定 goes to /login with the way back, 取消 home. */
export default function LoginInvite({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // Left without an answer (back, or the session-over flow took the member to /login): the question
    // goes with the page, never left over the next one.
    const gone = new AbortController();
    void confirmDialog(MSG_LOGIN_INVITE, undefined, gone.signal).then((yes) => {
      if (!gone.signal.aborted) navigate(yes ? to : '/', { replace: true });
    });
    return () => gone.abort();
  }, [navigate, to]);
  return null;
}
