import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';

/** The next page loads when the end of the list comes within 300 px of the viewport (spec §9). */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

/**
 * A paged list as one scroll: loading, error and empty states, pull to refresh, infinite scroll that
 * ends with 没有更多了. `listClass` / `endClass` style the list and its end line per feature.
 */
export function PagedList<T>({
  query,
  label,
  empty = '暂无记录',
  renderItem,
  listClass,
  endClass,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>;
  label: string;
  empty?: string;
  renderItem: (item: T, index: number) => ReactNode;
  listClass?: string;
  endClass?: string;
}) {
  if (query.isPending) return <BlockLoading lines={4} label={`${label}加载中`} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.data);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="加载中…"
      completeText="刷新成功"
    >
      {items.length === 0 ? (
        <BlockEmpty>{empty}</BlockEmpty>
      ) : (
        <>
          <ul aria-label={label} className={listClass}>
            {items.map(renderItem)}
          </ul>
          <InfiniteScroll
            threshold={INFINITE_SCROLL_THRESHOLD_PX}
            hasMore={query.hasNextPage}
            loadMore={async () => {
              await query.fetchNextPage({ throwOnError: true });
            }}
          >
            {(hasMore: boolean, failed: boolean, retry: () => void) =>
              failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  加载失败，点击重试
                </button>
              ) : (
                <span className={endClass}>{hasMore ? '加载中…' : '没有更多了'}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
