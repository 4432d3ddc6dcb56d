import { memo, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { assetUrl } from '@/shared/api/client';
import type { ChatLog } from '../chat-log';
import { chatSide, isNearBottom, messageTimeText, type ChatEntry } from '../rules';

type Side = ReturnType<typeof chatSide>;

/** One message. Memoised: appending to a busy room renders the new rows only. */
const ChatRow = memo(function ChatRow({
  entry,
  side,
  showTime,
}: {
  entry: ChatEntry;
  side: Side;
  showTime: boolean;
}) {
  const time = showTime ? messageTimeText(entry.time) : '';
  if (side === 'system') {
    // One short line in the middle: round notices must not crowd out what members write.
    return (
      <li className="chat-row chat-system" data-kind={entry.kind}>
        <span className="chat-system-text" title={entry.content}>
          {time && <time className="chat-time">{time} </time>}
          {entry.content}
        </span>
      </li>
    );
  }
  const name = entry.author || (side === 'mine' ? '我' : '会员');
  return (
    <li className={`chat-row chat-${side}`} data-kind={entry.kind}>
      {entry.avatar ? (
        <img className="chat-avatar" src={assetUrl(entry.avatar)} alt="" loading="lazy" />
      ) : (
        <span className="chat-avatar chat-avatar-letter" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <div className="chat-body">
        <span className="chat-author">
          {name}
          {time && <time className="chat-time">{time}</time>}
        </span>
        <span className={entry.kind === 'order' ? 'chat-bubble chat-order' : 'chat-bubble'}>
          {entry.content}
        </span>
      </div>
    </li>
  );
});

/**
 * The room's chat: the newest messages (the log keeps the last 200), own on the right, others on the left,
 * the system's in the middle. Follows new messages while the member is at the bottom; once they scroll
 * up it stays put and offers a way back down.
 */
export function ChatList({
  log,
  myId,
  showTime,
}: {
  log: ChatLog;
  myId: number | null;
  /** 设置 消息时间显示: each message shows when it was said. */
  showTime: boolean;
}) {
  const entries = useSyncExternalStore(log.subscribe, log.entries);
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  /** The newest message's seq when the member scrolled up; null while at the bottom. */
  const [leftAt, setLeftAt] = useState<number | null>(null);
  const last = entries[entries.length - 1]?.seq ?? 0;

  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [last]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    stick.current = isNearBottom(el);
    setLeftAt((at) => (stick.current ? null : (at ?? last)));
  };
  const toBottom = () => {
    const el = box.current;
    if (!el) return;
    stick.current = true;
    setLeftAt(null);
    el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="chat-box">
      <ol className="chat-list" ref={box} onScroll={onScroll} aria-label="聊天消息">
        {entries.length === 0 && <li className="chat-empty">暂无消息</li>}
        {entries.map((e) => (
          <ChatRow key={e.seq} entry={e} side={chatSide(e, myId)} showTime={showTime} />
        ))}
      </ol>
      {leftAt !== null && (
        <button type="button" className="chat-jump" onClick={toBottom}>
          {last > leftAt ? '有新消息 ↓' : '回到底部 ↓'}
        </button>
      )}
    </div>
  );
}
