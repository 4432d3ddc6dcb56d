import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '@/shared/queries/site';
import { BlockEmpty, BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { BannerImage, Carousel } from '@/shared/ui/Carousel';

export interface BannerCarouselProps {
  /** The region's name: 轮播图 in the hall (index.html's first frame has the same), 横幅 elsewhere. */
  label: string;
  /** Autoplay period (ms); the carousel's 5 s by default. */
  interval?: number;
  /** Said when there are no banners; without it the block is left out. */
  emptyText?: string;
  /** The page's own class (the hall's first paint finds its banner by it). */
  className?: string;
}

/** The mobile banners (bannerList type 2) in the banner box: loading, failure, one picture or the carousel. */
export function BannerCarousel({ label, interval, emptyText, className }: BannerCarouselProps) {
  const { data, isPending, isError, error, refetch } = useQuery(siteQueries.banners());
  const first = data?.[0];
  if (!isPending && !isError && !first && emptyText === undefined) return null;
  return (
    <section className={`banner-carousel banner-box ${className ?? ''}`.trim()} aria-label={label}>
      {isPending ? (
        <BlockLoading height={140} label={`${label}加载中`} />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : !first ? (
        <BlockEmpty>{emptyText}</BlockEmpty>
      ) : data.length === 1 ? (
        <BannerImage banner={first} index={0} />
      ) : (
        <Carousel banners={data} interval={interval} />
      )}
    </section>
  );
}
