import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import type { Page } from '@/shared/paging';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { Refreshable } from '@/shared/ui/Refreshable';

/** The next page loads when the end of the list comes within 300 px of the viewport. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

/**
 * A paged list as one scroll (as apps/web/src/shared/ui/PagedList.tsx): loading, error and empty
 * states, the total, pull to refresh, infinite scroll that ends with 没有更多了.
 */
export function PagedList<T>({
  query,
  label,
  empty = '暂无记录',
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  empty?: string;
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isPending) return <BlockLoading lines={5} label={`${label}加载中`} />;
  if (query.isError) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.data);
  const total = query.data.pages[0]?.total ?? 0;
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      {items.length === 0 ? (
        <BlockEmpty>{empty}</BlockEmpty>
      ) : (
        <>
          <p className="list-total">共 {total} 条</p>
          <ul aria-label={label} className="paged-list">
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
                <button type="button" className="link-button list-end" onClick={retry}>
                  加载失败，点击重试
                </button>
              ) : (
                <span className="list-end">{hasMore ? '加载中…' : '没有更多了'}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </Refreshable>
  );
}
