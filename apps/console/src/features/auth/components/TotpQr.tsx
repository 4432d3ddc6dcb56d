import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';

/** The otpauth:// address as a QR code, drawn in the browser (the secret never leaves this page). */
export function TotpQr({ url }: { url: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(url, { margin: 1, width: 200 }).then((data) => {
        if (live) setSrc(data);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img src={src} width={200} height={200} alt="动态验证码绑定二维码" className="enroll-qr" />
  ) : (
    <Skeleton.Image active style={{ width: 200, height: 200 }} />
  );
}
