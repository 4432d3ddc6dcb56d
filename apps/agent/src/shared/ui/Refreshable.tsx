import { lazy, Suspense, type ReactNode } from 'react';

/**
 * antd-mobile's pull to refresh, loaded after the first paint: its gesture and spring libraries (about
 * 24 KB gzip) are not on a screen's first load. Until they arrive the content shows as it is (it
 * cannot be pulled yet), then the same content inside the puller.
 */
const PullToRefresh = lazy(() => import('antd-mobile/es/components/pull-to-refresh'));

export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={children}>
      <PullToRefresh
        onRefresh={async () => {
          await onRefresh();
        }}
        pullingText="下拉刷新"
        canReleaseText="释放立即刷新"
        refreshingText="加载中…"
        completeText="刷新成功"
      >
        {children}
      </PullToRefresh>
    </Suspense>
  );
}
