import type { consoleSupportConversation } from '@app/contract/console-support';
import type { DataOf } from '@app/contract/define';
import { useQuery } from '@tanstack/react-query';
import { Image, Typography } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { shortTime } from '@/shared/format';

export type Message = DataOf<typeof consoleSupportConversation>['messages'][number];

/** A support image: not public, fetched with the operator's session and shown from a blob. */
function useImageBlob(address: string) {
  const query = useQuery({
    queryKey: ['console', 'support', 'image', address],
    queryFn: async () => {
      const res = await fetch(address, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return query;
}

function SupportImage({ address }: { address: string }) {
  const blob = useImageBlob(address);
  if (blob.isError) return <Typography.Text type="danger">[图片加载失败]</Typography.Text>;
  if (!blob.data) return <Typography.Text type="secondary">[图片加载中…]</Typography.Text>;
  return <Image src={blob.data} width={160} alt="聊天图片" />;
}

function Bubble({ m, read }: { m: Message; read: boolean }) {
  if (m.sender === 'system') {
    return (
      <div className="support-msg support-msg-system">
        <Typography.Text type="secondary">{m.body}</Typography.Text>
      </div>
    );
  }
  const mine = m.sender === 'operator';
  return (
    <div className={mine ? 'support-msg support-msg-right' : 'support-msg support-msg-left'}>
      <div className="support-msg-meta">
        {mine ? (m.operator?.nickname ?? '客服') : m.sender === 'visitor' ? '访客' : '会员'} ·{' '}
        {shortTime(m.created_at)}
        {read && <span className="support-read"> · 已读</span>}
      </div>
      {/* Plain text: React escapes it, and a link stays text (never an <a>). */}
      <div className="support-bubble">{m.image ? <SupportImage address={m.image} /> : m.body}</div>
    </div>
  );
}

/**
 * The conversation's messages, oldest first, scrolled to the newest when one arrives; the operator's
 * own marked 已读 up to the member's read mark (`readUpTo`); `head` above them (加载更早消息).
 */
export function MessageList(props: { messages: readonly Message[]; readUpTo?: number; head?: ReactNode }) {
  const { messages, readUpTo = 0 } = props;
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    <div className="support-messages" data-testid="support-messages">
      {props.head}
      {messages.map((m) => (
        <Bubble key={m.id} m={m} read={m.sender === 'operator' && m.id <= readUpTo} />
      ))}
      <div ref={end} />
    </div>
  );
}
