import { agentTicket, MSG_TICKET_INVALID } from '@app/contract/agent-office';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@app/mobile/router';
import { errorMessage } from '@/shared/api/client';
import { BlockLoading } from '@/shared/ui/BlockStates';
import { exchangeTicket, useKeepSession } from '../api';
import '../auth.css';

/**
 * #/ticket?t=…: the one-time ticket of the members' app's 代理登录 becomes this app's session. The
 * ticket leaves the address once used (the overview replaces this entry); a bad, late or used one
 * says so, with the way to sign in by name and password.
 */
export default function TicketScreen() {
  const [params] = useSearchParams();
  const ticket = params.get('t') ?? '';
  const navigate = useNavigate();
  const keepSession = useKeepSession();
  const valid = agentTicket.request.safeParse({ ticket }).success;
  const [failed, setFailed] = useState<{ ticket: string; message: string } | null>(null);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    exchangeTicket(ticket).then(
      (token) => {
        if (!live) return;
        keepSession(token);
        navigate('/', { replace: true });
      },
      (error: unknown) => live && setFailed({ ticket, message: errorMessage(error, MSG_TICKET_INVALID) }),
    );
    return () => {
      live = false;
    };
    // keepSession is made anew each render; the exchange depends on the ticket alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket, valid, navigate]);

  const message = !valid ? MSG_TICKET_INVALID : failed?.ticket === ticket ? failed.message : null;
  if (message === null) {
    return (
      <div className="auth-page">
        <p className="ticket-wait">正在进入代理后台…</p>
        <BlockLoading lines={2} label="正在进入代理后台" />
      </div>
    );
  }
  return (
    <div className="auth-page">
      <div className="ticket-failed" role="alert">
        <span className="ticket-failed-sign" aria-hidden="true">
          !
        </span>
        <h1>无法进入代理后台</h1>
        <p>{message}</p>
      </div>
      <button type="button" className="btn-primary" onClick={() => navigate('/login', { replace: true })}>
        登录
      </button>
    </div>
  );
}
