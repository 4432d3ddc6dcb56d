import type { Banner } from '@app/contract/site';
import { useEffect, useRef, useState } from 'react';
import { assetUrl } from '@/shared/api/client';

/**
 * A banner carousel: a CSS scroll-snap strip (swiping is the browser's own), advanced every `interval`
 * ms and back to the first after the last; it waits while a finger is on it and while the tab is hidden.
 */
export function Carousel({
  banners,
  interval,
  label,
}: {
  banners: Banner[];
  interval: number;
  label: string;
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
    <section className="ct-carousel banner-box" aria-roledescription="carousel" aria-label={label}>
      {/* Focusable, so a keyboard can scroll the strip (arrow keys) as a finger can. */}
      <div
        ref={track}
        className="ct-carousel-track"
        tabIndex={0}
        onScroll={onScroll}
        onPointerDown={press}
        onPointerUp={release}
        onPointerCancel={release}
        onTouchStart={press}
        onTouchEnd={release}
      >
        {banners.map((b, i) => (
          <div className="ct-slide" key={`${b.src}-${i}`} role="group" aria-roledescription="slide">
            <img
              src={assetUrl(b.src)}
              alt={`横幅${i + 1}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              draggable={false}
            />
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="ct-dots" aria-hidden="true">
          {banners.map((b, i) => (
            <span key={`${b.src}-${i}`} className={i === current ? 'is-active' : undefined} />
          ))}
        </div>
      )}
    </section>
  );
}
