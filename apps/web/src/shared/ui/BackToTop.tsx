import { useEffect, useState } from 'react';
import { UpIcon } from '@/shared/ui/icons';

/** Shows 返回顶部 once the page has scrolled past `threshold` px (spec: 200). */
export function BackToTop({ threshold = 200 }: { threshold?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  if (!shown) return null;
  return (
    <button type="button" className="back-to-top" aria-label="返回顶部" onClick={() => window.scrollTo(0, 0)}>
      <UpIcon />
    </button>
  );
}
