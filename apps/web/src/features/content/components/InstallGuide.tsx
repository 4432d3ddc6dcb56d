import { useState, type ReactNode } from 'react';
import {
  askToInstall,
  installWay,
  isIosSafari,
  isPhone,
  siteAddress,
  thisBrowser,
  useInstallPrompt,
} from '../install';
import { DownloadQr } from './DownloadQr';
import { AddToHomeIcon, InstalledIcon, MenuIcon, ShareIcon } from './InstallIcons';

/**
 * How to put the app on the home screen, for this browser: Chromium's own install dialog when it
 * offers one (安装); Safari's share menu on an iPhone or iPad; the browser's menu on another phone; on a
 * computer, the site's QR code to open it on a phone. Opened from the home screen: it says so.
 */
export function InstallGuide() {
  const offer = useInstallPrompt();
  const [installed, setInstalled] = useState(false);
  const [browser] = useState(thisBrowser);
  const way = installWay({ ...browser, hasPrompt: offer !== null });

  if (installed || way === 'installed') {
    return (
      <section className="ct-app-card ct-install" aria-label="安装到主屏幕">
        <InstalledIcon />
        <h2>{installed ? '安装完成' : '已安装到主屏幕'}</h2>
        <p className="ct-muted">
          {installed
            ? '以后可从主屏幕上的本站图标直接打开。'
            : '您正在使用已安装到主屏幕的应用，无需再次安装。'}
        </p>
      </section>
    );
  }
  const onPhone = isPhone(browser);
  return (
    <>
      {offer && (
        <section className="ct-app-card ct-install" aria-label="安装到主屏幕">
          <h2>{onPhone ? '安装到手机' : '安装到电脑'}</h2>
          <p className="ct-muted">
            安装后可从{onPhone ? '主屏幕' : '桌面'}一键打开，全屏使用，无需下载安装包。
          </p>
          <button
            type="button"
            className="ct-app-button"
            onClick={() => {
              void askToInstall(offer).then(setInstalled, () => undefined);
            }}
          >
            安装
          </button>
        </section>
      )}
      {way === 'ios' && <IosSteps safari={isIosSafari(browser.userAgent)} />}
      {way === 'android' && <AndroidSteps />}
      {!onPhone && <PhoneQr />}
    </>
  );
}

function Steps({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="ct-app-card ct-install" aria-label="安装到主屏幕">
      <h2>{title}</h2>
      {note && <p className="ct-install-note">{note}</p>}
      <ol className="ct-install-steps">{children}</ol>
    </section>
  );
}

function IosSteps({ safari }: { safari: boolean }) {
  return (
    <Steps
      title="添加到主屏幕"
      note={safari ? undefined : '请先在 Safari 浏览器中打开本站，再按以下步骤操作。'}
    >
      <li>
        <ShareIcon />
        <span>点击屏幕底部（iPad 为顶部）的“分享”按钮</span>
      </li>
      <li>
        <AddToHomeIcon />
        <span>在菜单中选择“添加到主屏幕”</span>
      </li>
      <li>
        <span className="ct-install-word" aria-hidden="true">
          添加
        </span>
        <span>点击右上角的“添加”，主屏幕上即出现本站图标</span>
      </li>
    </Steps>
  );
}

function AndroidSteps() {
  return (
    <Steps title="添加到主屏幕">
      <li>
        <MenuIcon />
        <span>点击浏览器右上角的菜单按钮</span>
      </li>
      <li>
        <AddToHomeIcon />
        <span>选择“安装应用”或“添加到主屏幕”</span>
      </li>
      <li>
        <span className="ct-install-word" aria-hidden="true">
          安装
        </span>
        <span>按提示确认，主屏幕上即出现本站图标</span>
      </li>
    </Steps>
  );
}

function PhoneQr() {
  return (
    <section className="ct-app-card ct-install" aria-label="手机扫码打开">
      <h2>用手机扫码打开</h2>
      <DownloadQr picture="" link={siteAddress()} label="本站二维码" />
      <p className="ct-muted">用手机相机或浏览器扫描二维码打开本站，再按提示添加到主屏幕。</p>
    </section>
  );
}
