import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../http/html';
import { sendSandboxedPage, type SandboxedPage } from '../../http/plugins/security';

/**
 * The demo sponsor pages: the default addresses of /zhanzhuye?type=1|2 (site settings sponsor_url_1
 * and 2) until an operator sets the sponsors' own. Static HTML without script, framed by the app in
 * an opaque origin, which may not load our files: the style is inline (allowed by its hash).
 */

export const SPONSOR_PAGE_PATH = '/support/sponsor/';
const PAGE_CACHE = 'public, max-age=300';

const SPONSOR_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f5f6f8;color:#222;line-height:1.7}
main{max-width:480px;margin:0 auto;padding:0 0 32px}
.hero{padding:28px 16px 22px;color:#fff;background:linear-gradient(135deg,#b71c1c,#e53935 60%,#ff8a65)}
.hero.esports{background:linear-gradient(135deg,#1a237e,#3949ab 60%,#7e57c2)}
.badge{display:inline-block;margin:0 0 8px;padding:1px 10px;border-radius:10px;background:rgba(255,255,255,.2);font-size:12px}
h1{font-size:21px;margin:0 0 6px;line-height:1.4}
.hero p{margin:0;opacity:.92;font-size:14px}
section{background:#fff;border-radius:12px;padding:14px 16px;margin:12px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h2{font-size:16px;margin:0 0 6px}
section p{margin:0 0 6px;font-size:14px}
ul{padding-left:20px;margin:4px 0;font-size:14px}
.note{color:#888;font-size:12px;margin:12px 16px}
`;

interface Sponsor {
  title: string;
  summary: string;
  theme: '' | 'esports';
  sections: { heading: string; html: string }[];
}

const SPONSORS: Record<'1' | '2', Sponsor> = {
  '1': {
    title: '欧洲足球俱乐部官方合作伙伴',
    summary: '携手顶级俱乐部，共享足球激情',
    theme: '',
    sections: [
      {
        heading: '合作介绍',
        html: '<p>平台成为欧洲顶级足球俱乐部的官方区域合作伙伴，合作期间将在赛场广告、官方社交媒体与球迷活动中展示品牌。</p>',
      },
      {
        heading: '会员福利',
        html: '<ul><li>合作期间开放专属赛事竞猜；</li><li>球迷见面会与签名球衣抽奖；</li><li>具体活动以“优惠活动”页面为准。</li></ul>',
      },
    ],
  },
  '2': {
    title: '国际电竞赛事官方赞助商',
    summary: '助力电竞，见证冠军诞生',
    theme: 'esports',
    sections: [
      {
        heading: '赞助介绍',
        html: '<p>平台赞助多项国际电竞赛事，为选手与观众带来更精彩的比赛体验。</p>',
      },
      {
        heading: '会员福利',
        html: '<ul><li>赛事期间可在电竞场馆参与赛事竞猜；</li><li>领取赞助专属礼包；</li><li>具体活动以“优惠活动”页面为准。</li></ul>',
      },
    ],
  },
};

function render(s: Sponsor): SandboxedPage {
  const sections = s.sections
    .map((x) => `<section>\n<h2>${escapeHtml(x.heading)}</h2>\n${x.html}\n</section>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(s.title)}</title>
<style>${SPONSOR_CSS}</style>
</head>
<body>
<main>
<header class="hero${s.theme ? ` ${s.theme}` : ''}">
<p class="badge">官方赞助 · 演示</p>
<h1>${escapeHtml(s.title)}</h1>
<p>${escapeHtml(s.summary)}</p>
</header>
${sections}
<p class="note">演示页面：运营方可把赞助页面地址换成赞助商的官方页面。</p>
</main>
</body>
</html>
`;
  return { html, styles: [SPONSOR_CSS], scripts: [], sandbox: '' };
}

export const SPONSOR_PAGES: Record<string, SandboxedPage> = Object.fromEntries(
  Object.entries(SPONSORS).map(([n, s]) => [`${SPONSOR_PAGE_PATH}${n}`, render(s)]),
);

/** GET /support/sponsor/1 and /2: the demo sponsor pages (site module, beside the support pages). */
export function sponsorPageRoutes(app: FastifyInstance): void {
  for (const [path, page] of Object.entries(SPONSOR_PAGES)) {
    app.get(path, async (_request, reply) => sendSandboxedPage(reply, app.config, page, PAGE_CACHE));
  }
}
