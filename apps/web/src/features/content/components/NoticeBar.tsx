import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { SoundIcon } from '@/shared/ui/icons';
import { contentQueries } from '../api';
import { Modal } from './Modal';

/** The home notices as a scrolling bar (CSS marquee); a tap opens them all in the notice modal. */
export function NoticeBar() {
  const { data, isPending, isError, error, refetch } = useQuery(contentQueries.homeNotices());
  const [open, setOpen] = useState(false);
  if (isPending) return <BlockLoading lines={1} label="公告加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <BlockEmpty>暂无公告</BlockEmpty>;
  const text = data.join('\u3000\u3000');
  const duration = {
    '--ct-notice-duration': `${Math.max(8, Math.round(text.length / 4))}s`,
  } as CSSProperties;
  return (
    <>
      <button type="button" className="ct-notice" aria-label="查看公告" onClick={() => setOpen(true)}>
        <SoundIcon className="ct-notice-icon" />
        <span className="ct-notice-track">
          <span className="ct-notice-text" style={duration}>
            {text}
          </span>
        </span>
      </button>
      {open && (
        <Modal title="公告" onClose={() => setOpen(false)}>
          <ol className="ct-notice-list">
            {data.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ol>
        </Modal>
      )}
    </>
  );
}
