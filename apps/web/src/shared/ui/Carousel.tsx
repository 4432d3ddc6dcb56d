import type { Banner } from '@app/contract/site';
import { useEffect, useRef, useState } from 'react';
import { assetUrl } from '@/shared/api/client';
import './carousel.css';

/** Spec §9: the hall's banners (and /home's, /index_old's) advance every 5 s; /app's every 3 s. */
export const BANNER_AUTOPLAY_MS = 5000;

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

/**
 * The banner carousel: a CSS scroll-snap strip (swiping is the browser's own, so it costs no gesture
 * or animation library in the first load), advanced every `interval` ms and back to the first after
 * the last. Autoplay waits while a finger is on it and while the tab is hidden.
 */
export function Carousel({
  banners,
  interval = BANNER_AUTOPLAY_MS,
}: {
  banners: Banner[];
  interval?: number;
}) {
  const track = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (banners.length < 2) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden || el.clientWidth === 0) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % banners.length;
      el.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
    }, interval);
    return () => window.clearInterval(timer);
  }, [banners.length, interval]);

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };
  const press = () => {
    touching.current = true;
  };
  const release = () => {
    touching.current = false;
  };

  return (
    <div className="carousel" aria-roledescription="carousel">
      <div
        ref={track}
        className="carousel-track"
        // A scrollable region a keyboard can reach and scroll (axe: scrollable-region-focusable).
        role="group"
        aria-label="广告"
        tabIndex={0}
        onScroll={onScroll}
        onPointerDown={press}
        onPointerUp={release}
        onPointerCancel={release}
        onTouchStart={press}
        onTouchEnd={release}
      >
        {banners.map((banner, i) => (
          <div className="carousel-slide" key={`${banner.src}-${i}`} aria-roledescription="slide">
            <BannerImage banner={banner} index={i} />
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="carousel-dots" aria-hidden="true">
          {banners.map((banner, i) => (
            <span key={`${banner.src}-${i}`} className={i === current ? 'is-active' : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}
