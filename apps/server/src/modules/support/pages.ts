import { escapeHtml } from '../../http/html';
import type { SandboxedPage } from '../../http/plugins/security';

/**
 * The demo support desk: it stands in for an operator's real support system, and says so (演示); and
 * the app download page, which tells how to put
 * this web app on the home screen (it installs from the browser; there is no package to download).
 * Static HTML without script; the app
 * frames them in an opaque origin, which may not load our files, so the style is inline (allowed by
 * its hash, see sendSandboxedPage).
 */

function page(title: string, body: string, demo = true): SandboxedPage {
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
${demo ? '<p class="badge">演示</p>\n' : ''}<h1>${escapeHtml(title)}</h1>
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
.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:10px;background:#fff3e0;color:#e65100;font-size:12px}
.card{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.card>:first-child{margin-top:0}
.card>:last-child{margin-bottom:0}
.note{color:#777;font-size:13px}
ul,ol{padding-left:20px;margin:8px 0}
a{color:#d32f2f}
`;

export const SUPPORT_PAGES: Record<string, SandboxedPage> = {
  '/support/': page(
    '客服中心（演示）',
    `<div class="card">
<p>这里是本演示站点的<strong>演示客服台</strong>。正式运营时，运营方会把客服地址换成自己的在线客服系统，届时在此处即可与客服人员实时对话。</p>
</div>
<h2>联系方式</h2>
<div class="card">
<ul>
<li>在线客服：7×24 小时（演示站点暂无真人值守）</li>
<li>客服邮箱：support@example.com（示例地址）</li>
<li>服务时间：全年无休</li>
</ul>
</div>
<h2>常见问题</h2>
<div class="card">
<ul>
<li>忘记密码：请联系客服核实身份后重置。</li>
<li>存款未到账：请提供订单号与转账凭证，客服将为您加急处理。</li>
<li>取款审核：通常 5–30 分钟内完成。</li>
</ul>
</div>
<p class="note">为保障账户安全，客服人员不会索取您的登录密码或支付密码。</p>`,
  ),
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
    false,
  ),
};
