import { useEffect, useState, type ReactNode } from 'react';
import {
  SUPPORT_HISTORY_PAGE,
  supportHistory,
  supportMessages,
  type SupportConversation,
  type SupportMessage,
} from '@app/contract/support-desk';
import { call, errorMessage } from '../api';
import { MessageList } from './MessageList';
import { Rating } from './Rating';

/** A screen of the history: its title, 返回, an error or 加载中 while `loading`. */
function Page(props: {
  title: string;
  onBack: () => void;
  error: string;
  loading: boolean;
  children: ReactNode;
}) {
  const { title, onBack, error, loading, children } = props;
  return (
    <div className="sd-desk">
      <header className="sd-header">
        <h1>{title}</h1>
        <button type="button" className="sd-link" onClick={onBack}>
          返回
        </button>
      </header>
      <main className="sd-main">
        {error && (
          <p className="sd-error" role="alert">
            {error}
          </p>
        )}
        {loading && !error && (
          <p className="sd-center" role="status">
            加载中…
          </p>
        )}
        {children}
      </main>
    </div>
  );
}

/** One past conversation: its messages (older on demand) and its rating card. */
function Transcript(props: { conversation: SupportConversation; token: string; onBack: () => void }) {
  const { token, onBack } = props;
  const [conversation, setConversation] = useState(props.conversation);
  const [page, setPage] = useState<{ messages: SupportMessage[]; more: boolean } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call(supportMessages, { conversation_id: props.conversation.id }, token).then(setPage, (e: unknown) =>
      setError(errorMessage(e)),
    );
  }, [props.conversation.id, token]);

  const older = async () => {
    if (!page?.messages[0]) return;
    const before_id = page.messages[0].id;
    const next = await call(supportMessages, { conversation_id: conversation.id, before_id }, token);
    setPage({ messages: [...next.messages, ...page.messages], more: next.more });
  };

  const data = {
    me: { kind: 'member' as const, name: '' },
    online: true,
    conversation,
    unread: 0,
    ended: null,
    // A past conversation: no read marks (they tell a member waiting for an answer it was seen).
    operatorReadId: null,
    typing: false,
  };
  return (
    <Page title="会话记录" onBack={onBack} error={error} loading={!page}>
      {page && <MessageList data={{ ...data, ...page }} token={token} onOlder={older} />}
      <Rating conversation={conversation} token={token} onRated={setConversation} />
    </Page>
  );
}

/** supportHistory: one's closed conversations, newest first, a page at a time. */
export function History({ token, onBack }: { token: string; onBack: () => void }) {
  const [items, setItems] = useState<SupportConversation[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<SupportConversation | null>(null);

  const [page, setPage] = useState(1);
  useEffect(() => {
    call(supportHistory, { page }, token).then(
      (r) => {
        setItems((prev) => (page === 1 ? r.items : [...(prev ?? []), ...r.items]));
        setTotal(r.total);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [page, token]);

  if (open) return <Transcript conversation={open} token={token} onBack={() => setOpen(null)} />;
  const shown = items ?? [];
  return (
    <Page title="历史会话" onBack={onBack} error={error} loading={!items}>
      {items && items.length === 0 && <p className="sd-center">暂无历史会话</p>}
      <ul className="sd-history">
        {shown.map((c) => (
          <li key={c.id}>
            <button type="button" onClick={() => setOpen(c)}>
              <span>{c.created_at.slice(0, 16)}</span>
              <span>
                {c.operator ?? '客服'}
                {c.close_tag ? ` · ${c.close_tag}` : ''}
              </span>
              <span className={c.rating === null ? 'sd-link' : 'sd-muted'}>
                {c.rating === null ? '去评价' : '★'.repeat(c.rating)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length < total && (
        <button
          type="button"
          className="sd-button"
          onClick={() => {
            setError('');
            setPage(Math.floor(shown.length / SUPPORT_HISTORY_PAGE) + 1);
          }}
        >
          加载更多
        </button>
      )}
    </Page>
  );
}
