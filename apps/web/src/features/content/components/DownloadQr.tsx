import { useEffect, useState } from 'react';
import { assetUrl } from '@/shared/api/client';

/**
 * The download QR code: the picture of appInfo.ios_download_qrcode when the site has one, else a QR
 * code of the download address drawn here (the qrcode package, loaded on demand).
 */
export function DownloadQr({
  picture,
  link,
  label = '下载二维码',
}: {
  picture: string;
  link: string;
  /** The picture's text alternative. */
  label?: string;
}) {
  const [drawn, setDrawn] = useState<{ link: string; src: string } | null>(null);
  useEffect(() => {
    if (picture || !link) return;
    let live = true;
    const absolute = new URL(assetUrl(link), window.location.href).href;
    import('qrcode')
      .then((m) => m.toDataURL(absolute, { width: 200, margin: 1 }))
      .then(
        (src) => live && setDrawn({ link, src }),
        () => undefined, // no picture: the download button still works
      );
    return () => {
      live = false;
    };
  }, [picture, link]);
  const src = picture ? assetUrl(picture) : drawn?.link === link ? drawn.src : '';
  if (!src) return <div className="ct-qr ct-qr-empty" role="status" aria-label="二维码加载中" />;
  return <img className="ct-qr" src={src} alt={label} width={180} height={180} />;
}
