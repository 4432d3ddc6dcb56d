import { useQuery } from '@tanstack/react-query';
import { assetUrl } from '@/shared/api/client';
import { siteQueries } from '@/shared/queries/site';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { BlockError, BlockLoading } from '@/shared/ui/BlockStates';
import { DownloadQr } from '../components/DownloadQr';
import { InstallGuide } from '../components/InstallGuide';
import { EmbeddedPage, frameSandbox } from '@/shared/ui/EmbeddedPage';
import { APP_BANNER_AUTOPLAY_MS } from '../rules';
import '../content.css';

/**
 * /app: banners (every 3 s), how to install this web app on the home screen (InstallGuide), and the
 * operator's own download, when the site has one: the download QR code (ios_download_qrcode), the
 * download button and the download page in a frame whose loading line hides after 2 s.
 */
export default function AppDownloadScreen() {
  // Asked again on every visit: a download address the operator changes reaches the member at once.
  const {
    data: info,
    isPending,
    isError,
    error,
    refetch,
  } = useQuery({
    ...siteQueries.app(),
    refetchOnMount: 'always',
  });
  // Only http(s) addresses become links and frames (never javascript: or data:).
  const download =
    info?.iosDownloadUrl && frameSandbox(assetUrl(info.iosDownloadUrl), window.location.origin) !== null
      ? info.iosDownloadUrl
      : '';
  return (
    <div className="ct-page ct-app">
      <h1 className="visually-hidden">APP下载</h1>
      <BannerCarousel label="APP横幅" interval={APP_BANNER_AUTOPLAY_MS} />
      <InstallGuide />
      {isPending ? (
        <BlockLoading height={220} label="下载信息加载中" />
      ) : isError ? (
        <BlockError error={error} onRetry={() => void refetch()} />
      ) : !download && !info.iosDownloadQrcode ? null : (
        <>
          <section className="ct-app-card" aria-label="扫码下载">
            <DownloadQr picture={info.iosDownloadQrcode} link={download} />
            <p>手机扫描二维码下载APP</p>
            {download && (
              <a
                className="ct-app-button"
                href={assetUrl(download)}
                target="_blank"
                rel="noopener noreferrer"
              >
                iOS 下载
              </a>
            )}
          </section>
          {download && <EmbeddedPage url={download} title="下载页面" fill />}
        </>
      )}
    </div>
  );
}
