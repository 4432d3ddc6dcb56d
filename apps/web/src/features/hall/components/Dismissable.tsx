import { useState } from 'react';
import { Link } from '@app/mobile/router';
import { useAppInfo } from '@/shared/session/store';
import { DOWNLOAD_BANNER_KEY, FLOAT_POPUP_KEY, isFlagSet, setFlag } from '../rules';

/** A flag kept for the session once the member closes something. */
function useSessionFlag(key: string): [boolean, () => void] {
  const [set, setSet] = useState(() => isFlagSet(sessionStorage, key));
  return [
    set,
    () => {
      setFlag(sessionStorage, key);
      setSet(true);
    },
  ];
}

/** The app download banner of /home: to /app; closed for the rest of the session with ×. */
export function DownloadBanner() {
  const [closed, close] = useSessionFlag(DOWNLOAD_BANNER_KEY);
  const info = useAppInfo();
  if (closed) return null;
  return (
    <aside className="home-download" aria-label="APP下载">
      <span className="home-download-text">
        <strong>{info?.title || '官方APP'}</strong>
        <small>下载APP，体验更流畅</small>
      </span>
      <Link className="home-download-go" to="/app">
        立即下载
      </Link>
      <button type="button" className="home-close" aria-label="关闭下载提示" onClick={close}>
        ×
      </button>
    </aside>
  );
}

/** The floating red-packet popup of /home (when red packets are on); closed for the session with ×. */
export function FloatPopup() {
  const [closed, close] = useSessionFlag(FLOAT_POPUP_KEY);
  const info = useAppInfo();
  if (closed || !info?.redPacketOn) return null;
  return (
    <aside className="home-float" aria-label="红包活动">
      <Link className="home-float-link" to="/hongbao">
        抢红包
      </Link>
      <button type="button" className="home-close" aria-label="关闭红包活动" onClick={close}>
        ×
      </button>
    </aside>
  );
}
