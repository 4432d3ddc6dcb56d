import { useEffect, useState } from 'react';
import { supportTicket, supportVisitor } from '@app/contract/support-desk';
import { call, errorMessage } from './api';
import { hashAfter, readHash, replaceHash } from './hash';
import { Desk } from './desk/Desk';
import { VisitorForm } from './VisitorForm';

/* How the page gets its support token: the ticket of the hash (a signed-in member, sent by the app),
 * else a visitor's nickname. The token lives in memory only (no storage in an opaque origin). */

export const MSG_RELOADED = '页面已刷新，客服链接只能使用一次，请返回App重新打开客服';
export const BACK_HINT = '返回：点击App左上角的返回，再进入“在线客服”';

type Phase =
  | { kind: 'redeeming' }
  | { kind: 'refused'; message: string }
  | { kind: 'visitor' }
  | { kind: 'ready'; token: string };

function initialPhase(spent: boolean, ticket: string | null): Phase {
  if (ticket) return { kind: 'redeeming' };
  if (spent) return { kind: 'refused', message: MSG_RELOADED };
  return { kind: 'visitor' };
}

export function Start() {
  const [params] = useState(() => readHash(location.hash));
  const [visitorKey, setVisitorKey] = useState(params.visitorKey);
  const [phase, setPhase] = useState<Phase>(() => initialPhase(params.spent, params.ticket));

  useEffect(() => {
    const ticket = params.ticket;
    if (!ticket) return;
    // Replaced first: a reload must not spend the ticket again, whatever the answer.
    replaceHash(hashAfter(params.visitorKey, true));
    call(supportTicket, { ticket }, null).then(
      ({ token }) => setPhase({ kind: 'ready', token }),
      (error: unknown) => setPhase({ kind: 'refused', message: errorMessage(error) }),
    );
  }, [params]);

  const startVisitor = async (nickname: string) => {
    const reply = await call(
      supportVisitor,
      visitorKey ? { nickname, visitor_key: visitorKey } : { nickname },
      null,
    );
    setVisitorKey(reply.visitor_key);
    replaceHash(hashAfter(reply.visitor_key, false));
    setPhase({ kind: 'ready', token: reply.token });
  };

  switch (phase.kind) {
    case 'redeeming':
      return (
        <p className="sd-center" role="status">
          正在连接客服…
        </p>
      );
    case 'refused':
      return (
        <div className="sd-center sd-refused">
          <p role="alert">{phase.message}</p>
          <p className="sd-muted">{BACK_HINT}</p>
          <button type="button" className="sd-button" onClick={() => setPhase({ kind: 'visitor' })}>
            以访客身份继续咨询
          </button>
        </div>
      );
    case 'visitor':
      return <VisitorForm onStart={startVisitor} />;
    case 'ready':
      return <Desk token={phase.token} onExpired={(message) => setPhase({ kind: 'refused', message })} />;
  }
}
