import { useQuery } from '@tanstack/react-query';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { hallQueries } from '../api';
import { BannerImage } from './BannerImage';
import { BannerSlides } from './BannerSlides';

/** Hall carousel: autoplay every 5 s, looping (spec §2, §9). */
export function BannerCarousel() {
  const { data, isPending, isError, error, refetch } = useQuery(hallQueries.banners());
  const first = data?.[0];
  return (
    <section className="hall-banner banner-box" aria-label="轮播图">
      {isPending ? (
        <BlockLoading height={140} label="轮播图加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : !first ? (
        <BlockEmpty>暂无轮播图</BlockEmpty>
      ) : data.length === 1 ? (
        <BannerImage banner={first} index={0} />
      ) : (
        <BannerSlides banners={data} />
      )}
    </section>
  );
}
