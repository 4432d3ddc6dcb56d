import { useEffect, useState } from 'react';
import { fetchImage } from '../api';

/* A desk image is not public: fetched with the token, shown from a blob URL (revoked when it goes);
 * a tap shows it full screen, a tap there closes it. */

export function SecureImage({ path, token }: { path: string; token: string }) {
  const [state, setState] = useState<{ url: string } | { failed: true } | null>(null);
  const [large, setLarge] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    fetchImage(path, token).then(
      (u) => {
        if (gone) URL.revokeObjectURL(u);
        else setState({ url: (url = u) });
      },
      () => !gone && setState({ failed: true }),
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, token]);

  if (!state) return <span className="sd-image sd-image-wait">图片加载中…</span>;
  if ('failed' in state) return <span className="sd-image sd-image-wait">图片加载失败</span>;
  return (
    <>
      <button type="button" className="sd-image" aria-label="查看大图" onClick={() => setLarge(true)}>
        <img src={state.url} alt="图片" />
      </button>
      {large && (
        <div className="sd-viewer" role="dialog" aria-label="大图" onClick={() => setLarge(false)}>
          <img src={state.url} alt="大图" />
          <span className="sd-muted">点击任意处关闭</span>
        </div>
      )}
    </>
  );
}
