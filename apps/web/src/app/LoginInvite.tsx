import { useEffect } from 'react';
import { useNavigate } from '@/shared/router';
import { confirmDialog } from '@/shared/ui/dialog';

export const MSG_LOGIN_INVITE = '精彩内容等你来体验，快来登录吧！';

/** A visitor on a 'confirm' route: asked to log in; 确定 goes to /login with the way back, 取消 home. */
export default function LoginInvite({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void confirmDialog(MSG_LOGIN_INVITE).then((yes) => {
      if (live) navigate(yes ? to : '/', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, to]);
  return null;
}
