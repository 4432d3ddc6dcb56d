import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';

/**
 * Sanitising of HTML from the server (activity content, site messages, articles, the welcome modal).
 * DOMPurify strips scripts, event handlers (onerror, onclick…) and javascript:/data: links; on top of
 * that, forms and styles are dropped and every remaining link opens in a new window without access to
 * our page (rel=noopener noreferrer).
 */
export function sanitize(purify: DOMPurify, html: string): string {
  if (!purify.isSupported) return '';
  if (!hooked.has(purify)) {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked.add(purify);
  }
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}
const hooked = new WeakSet<DOMPurify>();

/** DOMPurify, loaded on demand (never on the first load), shared by every SafeHtml. */
let loading: Promise<DOMPurify> | null = null;
export function loadPurify(): Promise<DOMPurify> {
  loading ??= import('dompurify').then(
    (m) => m.default,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/**
 * HTML from the server, sanitised before it is shown. Until DOMPurify has loaded, a loading line
 * (nothing of the HTML); if it cannot load, nothing.
 */
export function SafeHtml({ html, className, label }: { html: string; className?: string; label?: string }) {
  const [purify, setPurify] = useState<DOMPurify | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadPurify().then(
      (p) => live && setPurify(() => p),
      () => live && setPurify('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const clean = useMemo(() => (purify && purify !== 'failed' ? sanitize(purify, html) : ''), [purify, html]);
  if (purify === null) return <div className="skeleton skeleton-line" role="status" aria-label="加载中" />;
  return <div className={className} aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />;
}
