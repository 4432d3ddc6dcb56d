import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { hallQueries } from '../api';
import { BannerImage } from './BannerImage';

// antd-mobile's Swiper (with its gesture and animation libraries, ~30 KB gzip) loads after the first
// banner is on screen: the first picture paints at once, the carousel takes over when its code is here.
const BannerSwiper = lazy(() => import('./BannerSwiper'));

/** Hall carousel: autoplay every 5 s, looping (spec §2, §9). */
export function BannerCarousel() {
  const { data, isPending, isError, error, refetch } = useQuery(hallQueries.banners());
  const first = data?.[0];
  return (
    <section className="hall-banner" aria-label="轮播图">
      {isPending ? (
        <BlockLoading height={140} label="轮播图加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : !first ? (
        <BlockEmpty>暂无轮播图</BlockEmpty>
      ) : data.length === 1 ? (
        <BannerImage banner={first} index={0} />
      ) : (
        <Suspense fallback={<BannerImage banner={first} index={0} />}>
          <BannerSwiper banners={data} />
        </Suspense>
      )}
    </section>
  );
}
