import { useEffect, useRef, useState } from 'react';
import type { SupportMessage } from '@app/contract/support-desk';
import { errorMessage } from '../api';
import { beijingToday, shortTime } from '../text';
import { SecureImage } from './SecureImage';
import type { DeskData } from './state';

export const MSG_EMPTY = '您好，请问有什么可以帮您？可点击下方常见问题或直接输入';

interface BubbleProps {
  message: SupportMessage;
  token: string;
  today: string;
  /** The 客服 side has read up to this id; null: not known (no read mark shown). */
  readId: number | null;
}

function Bubble({ message, token, today, readId }: BubbleProps) {
  const time = shortTime(message.created_at, today);
  if (message.sender === 'system') {
    return (
      <li className="sd-system">
        <span>{message.body}</span>
        <time>{time}</time>
      </li>
    );
  }
  const mine = message.sender === 'member' || message.sender === 'visitor';
  return (
    <li className={mine ? 'sd-msg sd-mine' : 'sd-msg sd-theirs'}>
      <div className="sd-meta">
        {!mine && <span>{message.operator ?? '客服'}</span>}
        <time>{time}</time>
        {mine && readId !== null && (
          <span className={message.id <= readId ? 'sd-read' : 'sd-unread'}>
            {message.id <= readId ? '已读' : '未读'}
          </span>
        )}
      </div>
      {/* Plain text: React escapes it, and a link stays text (not clickable). */}
      <div className={message.kind === 'image' ? 'sd-bubble sd-bubble-image' : 'sd-bubble'}>
        {message.kind === 'image' && message.image ? (
          <SecureImage path={message.image} token={token} />
        ) : (
          message.body
        )}
      </div>
    </li>
  );
}

/** The messages, oldest first, with 查看更早消息 on top; follows new messages to the bottom. */
export function MessageList(props: { data: DeskData; token: string; onOlder: () => Promise<void> }) {
  const { data, token, onOlder } = props;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const last = data.messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  const older = async () => {
    setLoading(true);
    setError('');
    try {
      await onOlder();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  const today = beijingToday();
  return (
    <ol className="sd-list" aria-label="消息">
      {data.more && data.messages.length > 0 && (
        <li className="sd-older">
          <button type="button" className="sd-link" disabled={loading} onClick={() => void older()}>
            {loading ? '加载中…' : '查看更早消息'}
          </button>
          {error && <span className="sd-error">{error}</span>}
        </li>
      )}
      {data.messages.length === 0 && <li className="sd-empty">{MSG_EMPTY}</li>}
      {data.messages.map((m) => (
        <Bubble key={m.id} message={m} token={token} today={today} readId={data.operatorReadId} />
      ))}
      <li ref={end} className="sd-end" aria-hidden="true" />
    </ol>
  );
}
