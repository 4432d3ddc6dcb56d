import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';

/**
 * HTML from the server, sanitised with DOMPurify before it is shown. DOMPurify loads on demand (never
 * on the first load); until it has, nothing of the HTML is shown (and nothing if it cannot load).
 */
export function SafeHtml({ html, className, label }: { html: string; className?: string; label?: string }) {
  const [purify, setPurify] = useState<DOMPurify | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    import('dompurify').then(
      (m) => live && setPurify(() => m.default),
      () => live && setPurify('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const clean = useMemo(
    () =>
      purify && purify !== 'failed'
        ? purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] })
        : '',
    [purify, html],
  );
  if (purify === null) return <div className="skeleton skeleton-line" role="status" aria-label="加载中" />;
  return <div className={className} aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />;
}
