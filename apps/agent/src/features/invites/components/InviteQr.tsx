import { useEffect, useState } from 'react';

/** The QR code of `link` (absolute), drawn here by the qrcode package, loaded on demand as apps/web does. */
export function InviteQr({ link, size, label }: { link: string; size: number; label: string }) {
  const [drawn, setDrawn] = useState<{ link: string; src: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    const absolute = new URL(link, window.location.href).href;
    import('qrcode')
      .then((m) => m.toDataURL(absolute, { width: size * 2, margin: 1 }))
      .then(
        (src) => live && setDrawn({ link, src }),
        () => undefined, // no picture: the link and the code still work
      );
    return () => {
      live = false;
    };
  }, [link, size]);
  const src = drawn?.link === link ? drawn.src : '';
  if (!src)
    return (
      <div
        className="inv-qr inv-qr-empty"
        style={{ width: size, height: size }}
        role="status"
        aria-label="二维码加载中"
      />
    );
  return <img className="inv-qr" src={src} alt={label} width={size} height={size} />;
}
