import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { SoundIcon } from '@/shared/ui/icons';
import { hallQueries } from '../api';

/** The scrolling notice bar of the hall's home notices (a CSS marquee: no script runs per frame). */
export function NoticeStrip() {
  const { data, isPending, isError, error, refetch } = useQuery(hallQueries.notices());
  const text = data?.join('\u3000\u3000') ?? '';
  // About 4 characters a second, whatever the length.
  const duration = { '--notice-duration': `${Math.max(8, Math.round(text.length / 4))}s` } as CSSProperties;
  return (
    <section className="hall-notices" aria-label="公告">
      {isPending ? (
        <BlockLoading lines={1} label="公告加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : text === '' ? (
        <BlockEmpty>暂无公告</BlockEmpty>
      ) : (
        <div className="notice-bar">
          <SoundIcon className="notice-icon" />
          <div className="notice-track">
            <p className="notice-text" style={duration}>
              {text}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
