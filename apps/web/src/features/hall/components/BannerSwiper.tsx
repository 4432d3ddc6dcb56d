import Swiper from 'antd-mobile/es/components/swiper';
import type { Banner } from '@app/contract/site';
import { BannerImage } from './BannerImage';

/** The carousel proper: antd-mobile Swiper, autoplay 5000 ms, looping. */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  return (
    <Swiper autoplay autoplayInterval={5000} loop indicatorProps={{ className: 'hall-banner-dots' }}>
      {banners.map((banner, i) => (
        <Swiper.Item key={`${banner.src}-${i}`}>
          <BannerImage banner={banner} index={i} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
