import { escapeHtml } from '../../http/html';
import type { SandboxedPage } from '../../http/plugins/security';

/**
 * The app download page, which tells how to put this web app on the home screen (it installs from the
 * browser; there is no package to download). The support desk itself is the page apps/support, served
 * at /support/ by http/plugins/support-static.ts.
 * Static HTML without script; the app
 * frames them in an opaque origin, which may not load our files, so the style is inline (allowed by
 * its hash, see sendSandboxedPage).
 */

function page(title: string, body: string): SandboxedPage {
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${SUPPORT_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return { html, styles: [SUPPORT_CSS], scripts: [], sandbox: '' };
}

export const SUPPORT_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f5f6f8;color:#222;line-height:1.6}
main{max-width:480px;margin:0 auto;padding:24px 16px 40px}
h1{font-size:22px;margin:4px 0 16px}
h2{font-size:17px;margin:24px 0 8px}
.card{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.card>:first-child{margin-top:0}
.card>:last-child{margin-bottom:0}
.note{color:#777;font-size:13px}
ul,ol{padding-left:20px;margin:8px 0}
a{color:#d32f2f}
`;

export const SUPPORT_PAGES: Record<string, SandboxedPage> = {
  '/support/app/': page(
    'App 下载',
    `<div class="card">
<p>本站无需下载安装包：用手机浏览器打开本站，添加到主屏幕后，即可像 App 一样从主屏幕全屏打开。</p>
</div>
<h2>iPhone / iPad</h2>
<div class="card">
<ol>
<li>用 Safari 打开本站，点击屏幕底部（iPad 为顶部）的“分享”按钮</li>
<li>在菜单中选择“添加到主屏幕”</li>
<li>点击右上角的“添加”</li>
</ol>
</div>
<h2>安卓手机</h2>
<div class="card">
<ol>
<li>用浏览器打开本站，点击右上角的菜单按钮</li>
<li>选择“安装应用”或“添加到主屏幕”</li>
<li>按提示确认</li>
</ol>
</div>
<p class="note">登录后，在“我的 → 下载APP”页面，支持的浏览器可一键安装。</p>`,
  ),
};
