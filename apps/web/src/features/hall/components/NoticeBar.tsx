import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { siteQueries } from '@/shared/queries/site';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { SoundIcon } from '@/shared/ui/icons';
import { Modal } from './Modal';

/** The hall's strip; /home and /index_old show a card that a tap opens into the notice modal. */
export type NoticeBarLook = 'strip' | 'card';

/** The scrolling text (a CSS marquee: no script runs per frame), about 4 characters a second. */
function Marquee({ text }: { text: string }): ReactNode {
  const duration = { '--notice-duration': `${Math.max(8, Math.round(text.length / 4))}s` } as CSSProperties;
  return (
    <>
      <SoundIcon className="notice-icon" />
      <span className="notice-track">
        <span className="notice-text" style={duration}>
          {text}
        </span>
      </span>
    </>
  );
}

/** The home notices (homenotice) as a scrolling bar; as a card, a tap lists them all in a modal. */
export function NoticeBar({ look }: { look: NoticeBarLook }) {
  const { data, isPending, isError, error, refetch } = useQuery(siteQueries.notices());
  const [open, setOpen] = useState(false);
  const text = data?.join('\u3000\u3000') ?? '';
  return (
    <section className={`notices notices-${look}`} aria-label="公告">
      {isPending ? (
        <BlockLoading lines={1} label="公告加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : text === '' ? (
        <BlockEmpty>暂无公告</BlockEmpty>
      ) : look === 'card' ? (
        <button type="button" className="notice-bar" aria-label="查看公告" onClick={() => setOpen(true)}>
          <Marquee text={text} />
        </button>
      ) : (
        <div className="notice-bar">
          <Marquee text={text} />
        </div>
      )}
      {open && data && (
        <Modal title="公告" onClose={() => setOpen(false)}>
          <ol className="notice-list">
            {data.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ol>
        </Modal>
      )}
    </section>
  );
}
