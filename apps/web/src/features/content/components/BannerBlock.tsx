import { useQuery } from '@tanstack/react-query';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { contentQueries } from '../api';
import { Carousel } from './Carousel';

/** The mobile banners (bannerList type 2) in a carousel; nothing when there are none. */
export function BannerBlock({ interval, label = '横幅' }: { interval: number; label?: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(contentQueries.banners());
  if (isPending) return <BlockLoading height={140} label="横幅加载中" />;
  if (isError) return <BlockError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return null;
  return <Carousel banners={data} interval={interval} label={label} />;
}
