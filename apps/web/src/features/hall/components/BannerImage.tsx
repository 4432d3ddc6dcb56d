import type { Banner } from '@app/contract/site';
import { assetUrl } from '@/shared/api/client';

/** One banner picture; the first loads eagerly (it is the page's largest paint). */
export function BannerImage({ banner, index }: { banner: Banner; index: number }) {
  return (
    <img
      className="banner-box-image"
      src={assetUrl(banner.src)}
      alt={`横幅${index + 1}`}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : 'auto'}
      draggable={false}
    />
  );
}
