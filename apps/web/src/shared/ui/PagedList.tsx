import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { ExportCsvButton, type CsvExport } from '@/shared/ui/ExportCsvButton';

/** The next page loads when the end of the list comes within 300 px of the viewport (spec §9). */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

/** The list's total and 导出CSV of all its pages, on a row above it (the record screens). */
function Tools<T>({ total, csv, className }: { total?: number; csv: CsvExport<T>; className?: string }) {
  return (
    <div className={className ? `paged-list-tools ${className}` : 'paged-list-tools'}>
      <span>{total === undefined ? '' : `共 ${total} 条`}</span>
      <ExportCsvButton {...csv} />
    </div>
  );
}

/**
 * A paged list as one scroll: loading, error and empty states, pull to refresh, infinite scroll that
 * ends with 没有更多了. `listClass` / `endClass` / `toolsClass` style the list, its end line and its
 * tool row per feature. With `csv`, the tool row above it says the total and offers 导出CSV.
 */
export function PagedList<T>({
  query,
  label,
  empty = '暂无记录',
  renderItem,
  listClass,
  endClass,
  csv,
  toolsClass,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[]; total?: number }>>;
  label: string;
  empty?: string;
  renderItem: (item: T, index: number) => ReactNode;
  listClass?: string;
  endClass?: string;
  csv?: CsvExport<T>;
  toolsClass?: string;
}) {
  const body = query.isPending ? (
    <BlockLoading lines={4} label={`${label}加载中`} />
  ) : query.isError ? (
    <BlockError error={query.error} onRetry={() => void query.refetch()} />
  ) : (
    <Scroll
      query={query}
      label={label}
      empty={empty}
      renderItem={renderItem}
      listClass={listClass}
      endClass={endClass}
    />
  );
  return (
    <>
      {csv && <Tools total={query.data?.pages[0]?.total} csv={csv} className={toolsClass} />}
      {body}
    </>
  );
}

/** The loaded list: pull to refresh, the rows (or the empty line), infinite scroll to 没有更多了. */
function Scroll<T>({
  query,
  label,
  empty,
  renderItem,
  listClass,
  endClass,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>;
  label: string;
  empty: string;
  renderItem: (item: T, index: number) => ReactNode;
  listClass?: string;
  endClass?: string;
}) {
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
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
