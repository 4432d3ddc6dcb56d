import { useEffect, useState } from 'react';
import { assetUrl } from '@/shared/api/client';
import { BlockEmpty } from '@/shared/ui/BlockStates';
import './embedded-page.css';

/** Spec §9: the frame's loading line hides after 2 s at the latest. */
export const FRAME_LOADING_MS = 2000;

/**
 * How a page of the server's settings is embedded: our own pages (same origin) in a sandbox without
 * allow-same-origin, so the frame runs in an opaque origin and can never reach the app, its storage or
 * its token; another http(s) origin with its own scripts and origin (it stays in that origin, which is
 * not ours); anything else (javascript:, data:) not at all.
 *
 * The server's Content-Security-Policy decides which origins may be framed (frame-src 'self' by
 * default): an external support desk or download page needs its origin in CSP_FRAME_SRC on the server,
 * otherwise the browser refuses the frame and only the 'open in a new window' entry works.
 */
export function frameSandbox(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return parsed.origin === origin
    ? 'allow-scripts allow-popups allow-popups-to-escape-sandbox'
    : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
}

/**
 * A page in an iframe with a loading line that hides on load or after 2 s at the latest (spec §9).
 * `fill`: the frame takes the screen's height below the header (a page of its own, e.g. a sponsor's).
 */
export function EmbeddedPage({ url, title, fill = false }: { url: string; title: string; fill?: boolean }) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), FRAME_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, [url]);
  const src = assetUrl(url);
  const sandbox = frameSandbox(src, window.location.origin);
  if (sandbox === null) return <BlockEmpty>页面地址无效</BlockEmpty>;
  return (
    <div className={fill ? 'embedded-box embedded-fill' : 'embedded-box'}>
      {loading && (
        <div className="embedded-loading" role="status">
          加载中…
        </div>
      )}
      {/* A new frame for a new address: changing a sandboxed frame's src while its first page is
          still loading does not navigate it in Chromium 156 (the /zhanzhuye journey saw it). */}
      <iframe
        key={src}
        className="embedded-frame"
        title={title}
        src={src}
        sandbox={sandbox}
        referrerPolicy="no-referrer"
        onLoad={() => setLoading(false)}
      />
    </div>
  );
}
