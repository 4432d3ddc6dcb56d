import { useState } from 'react';
import { SUPPORT_SOCKET_CLOSE, type SupportConversation } from '@app/contract/support-desk';
import { Composer } from './Composer';
import { History } from './History';
import { MessageList } from './MessageList';
import { Rating } from './Rating';
import { useDesk } from './useDesk';
import { MSG_LINK_DOWN, type Link } from './useLive';

export const MSG_OFFLINE = '当前无客服在线，您可以留言，客服上线后回复您';
/** Nobody online, but a 客服 serves this conversation: it answers when it is back. */
export const MSG_AWAY = '客服暂时离开，您可以继续留言，客服回来后回复您';

function Status({ online, conversation }: { online: boolean; conversation: SupportConversation | null }) {
  if (conversation?.operator) return <span className="sd-online">{conversation.operator} 为您服务</span>;
  if (conversation?.state === 'waiting' && online)
    return <span className="sd-online">正在为您接入客服…</span>;
  return online ? <span className="sd-online">客服在线</span> : <span className="sd-offline">客服离线</span>;
}

export const MSG_TYPING = '客服正在输入…';

/** The socket's state, only when it matters: refused (4429 with 重试), or down a while. */
function LinkNotice({ link, late, onRetry }: { link: Link; late: boolean; onRetry: () => void }) {
  if (link.kind === 'refused') {
    return (
      <p className="sd-notice sd-link-notice" role="alert">
        {link.message}
        {link.code === SUPPORT_SOCKET_CLOSE.tooMany && (
          <button type="button" className="sd-link" onClick={onRetry}>
            重试
          </button>
        )}
      </p>
    );
  }
  if (!late) return null;
  return (
    <p className="sd-notice sd-link-notice" role="status">
      {MSG_LINK_DOWN}
    </p>
  );
}

/** The desk: header, messages, the rating card of a conversation that ended, quick questions, input. */
export function Desk({ token, onExpired }: { token: string; onExpired: (message: string) => void }) {
  const desk = useDesk(token, onExpired);
  const [history, setHistory] = useState(false);
  const { data } = desk;

  if (history) return <History token={token} onBack={() => setHistory(false)} />;

  return (
    <div className="sd-desk">
      <header className="sd-header">
        <div>
          <h1>在线客服</h1>
          {data && <Status online={data.online} conversation={data.conversation} />}
        </div>
        <button type="button" className="sd-link" onClick={() => setHistory(true)}>
          历史会话
        </button>
      </header>
      <LinkNotice link={desk.live.link} late={desk.live.late} onRetry={desk.live.retry} />
      {data && !data.online && (
        <p className="sd-notice" role="note">
          {data.conversation?.operator ? MSG_AWAY : MSG_OFFLINE}
        </p>
      )}
      <main className="sd-main">
        {!data ? (
          desk.error ? (
            <div className="sd-center">
              <p role="alert">{desk.error}</p>
              <button type="button" className="sd-button" onClick={() => void desk.refresh()}>
                重试
              </button>
            </div>
          ) : (
            <p className="sd-center" role="status">
              加载中…
            </p>
          )
        ) : (
          <>
            <MessageList data={data} token={token} onOlder={desk.loadOlder} />
            {data.typing && (
              <p className="sd-typing" role="status">
                {MSG_TYPING}
              </p>
            )}
            {data.ended && <Rating conversation={data.ended} token={token} onRated={desk.rated} />}
          </>
        )}
      </main>
      {data && desk.error && (
        <p className="sd-error sd-banner" role="alert">
          {desk.error}
        </p>
      )}
      {data && (
        <Composer token={token} onSent={desk.sent} onExpired={desk.fail} onTyping={desk.live.typing} />
      )}
    </div>
  );
}
