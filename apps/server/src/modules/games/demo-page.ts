import type { SandboxedPage } from '../../http/plugins/security';

/**
 * The demo game page of the built-in provider: one HTML file with its style and script inline, each
 * allowed by its hash (no style attributes). It is served sandboxed (an opaque origin: it can never
 * read the app's storage or token), so it may not load our files and its calls are cross-origin ones
 * (CORS on /demo-game/api/*, no cookies). The page reads the launch ticket from its URL, redeems it
 * for a session token (kept in memory only), drops the ticket from the address bar, and plays rounds
 * against /demo-game/api/*.
 */

const DEMO_GAME_HTML = (css: string, js: string) => `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>演示游戏</title>
<style>${css}</style>
<script>${js}</script>
</head>
<body>
<main class="dg">
  <h1 class="dg-title" id="dg-title">演示游戏</h1>
  <p class="dg-venue">场馆 <span id="dg-venue">-</span></p>
  <section class="dg-card" aria-label="场馆余额">
    <span class="dg-label">场馆余额</span>
    <strong class="dg-balance" id="dg-balance" data-testid="venue-balance">--</strong>
  </section>
  <section class="dg-reels" aria-hidden="true">
    <span class="dg-reel" id="dg-reel-0">7</span><span class="dg-reel" id="dg-reel-1">7</span><span class="dg-reel" id="dg-reel-2">7</span>
  </section>
  <form class="dg-form" id="dg-form" novalidate>
    <label class="dg-label" for="dg-stake">投注金额</label>
    <input class="dg-input" id="dg-stake" name="stake" inputmode="decimal" autocomplete="off" value="10" maxlength="12">
    <button class="dg-start" id="dg-start" type="submit" disabled>开始</button>
  </form>
  <p class="dg-result" id="dg-result" role="status" aria-live="polite">正在进入游戏…</p>
  <p class="dg-rule">规则：每局掷出 1–100 的点数，53 及以上赢得投注额的 2 倍，否则输掉投注（返还率 96%）。</p>
</main>
</body>
</html>
`;

const DEMO_GAME_CSS = `*{box-sizing:border-box}
html,body{margin:0;background:#1a1033;color:#fff;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
.dg{max-width:430px;margin:0 auto;padding:20px 16px 32px}
.dg-title{font-size:22px;margin:0 0 4px;text-align:center}
.dg-venue{margin:0 0 16px;text-align:center;color:#c9b8ff;font-size:14px}
.dg-card{display:flex;justify-content:space-between;align-items:center;background:#2d1b5c;border-radius:12px;padding:14px 16px;margin-bottom:16px}
.dg-label{font-size:14px;color:#e0d6ff}
.dg-balance{font-size:22px;color:#ffd54f}
.dg-reels{display:flex;justify-content:center;gap:10px;margin:8px 0 18px}
.dg-reel{width:72px;height:88px;border-radius:12px;background:#fff;color:#c62828;font-size:44px;font-weight:700;display:flex;align-items:center;justify-content:center}
.dg-reel.spin{animation:dg-spin .45s linear}
@keyframes dg-spin{from{transform:rotateX(0)}to{transform:rotateX(360deg)}}
.dg-form{display:grid;grid-template-columns:1fr auto;gap:8px 10px;align-items:center}
.dg-form .dg-label{grid-column:1/-1}
.dg-input{font-size:18px;padding:10px 12px;border-radius:10px;border:1px solid #7e57c2;background:#fff;color:#222;min-width:0}
.dg-start{font-size:18px;font-weight:700;padding:10px 28px;border:0;border-radius:10px;background:linear-gradient(#ffca28,#ff8f00);color:#3e2723}
.dg-start:disabled{opacity:.5}
.dg-result{min-height:1.5em;margin:16px 0 8px;text-align:center;font-size:16px}
.dg-result.win{color:#69f0ae}
.dg-result.lose{color:#ff8a80}
.dg-rule{font-size:12px;color:#b0a4d8;line-height:1.6}
`;

const DEMO_GAME_JS = `(function () {
  'use strict';
  var token = null;
  var busy = false;
  var SYMBOLS = ['7', '★', '♦', '♥', '♣', '♠', '☀', '☘'];
  function $(id) { return document.getElementById(id); }
  function say(text, kind) {
    var el = $('dg-result');
    el.textContent = text;
    el.className = 'dg-result' + (kind ? ' ' + kind : '');
  }
  function api(path, body) {
    var headers = {};
    if (body) headers['content-type'] = 'application/json';
    if (token) headers.authorization = 'Bearer ' + token;
    return fetch('/demo-game/api/' + path, {
      method: body ? 'POST' : 'GET',
      headers: headers,
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'omit',
      cache: 'no-store'
    }).then(function (r) {
      return r.json().catch(function () { return null; });
    }, function () {
      throw new Error('网络错误，请重试');
    }).then(function (j) {
      if (!j || j.code !== 200) throw new Error((j && j.message) || '网络错误，请重试');
      return j.data;
    });
  }
  function showBalance(b) { $('dg-balance').textContent = b; }
  function reels(roll) {
    for (var i = 0; i < 3; i++) {
      var el = $('dg-reel-' + i);
      var n = roll >= 53 ? 0 : (roll * (i + 3) + i) % SYMBOLS.length;
      el.textContent = SYMBOLS[n];
      el.classList.remove('spin');
      void el.offsetWidth;
      el.classList.add('spin');
    }
  }
  function start() {
    var params = new URLSearchParams(location.search);
    var ticket = params.get('ticket');
    if (ticket) history.replaceState(null, '', location.pathname);
    if (!ticket) { say('游戏链接已失效，请返回重新进入游戏', 'lose'); return; }
    api('session', { ticket: ticket }).then(function (d) {
      token = d.token;
      $('dg-title').textContent = d.game || '演示游戏';
      $('dg-venue').textContent = d.venue || d.platform;
      showBalance(d.balance);
      $('dg-start').disabled = false;
      say('请输入投注金额，点击开始');
    }, function (e) { say(e.message, 'lose'); });
  }
  function play(ev) {
    ev.preventDefault();
    if (busy || !token) return;
    busy = true;
    $('dg-start').disabled = true;
    api('spin', { stake: $('dg-stake').value.trim() }).then(function (d) {
      reels(d.roll);
      showBalance(d.balance);
      say(d.win ? '点数 ' + d.roll + '，赢得 ' + d.payout : '点数 ' + d.roll + '，未中奖', d.win ? 'win' : 'lose');
    }, function (e) { say(e.message, 'lose'); }).then(function () {
      busy = false;
      $('dg-start').disabled = false;
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    $('dg-form').addEventListener('submit', play);
    start();
  });
})();
`;

/** The page as served: the app frames it and the server sends it with its sandboxing CSP. */
export const DEMO_GAME_PAGE: SandboxedPage = {
  html: DEMO_GAME_HTML(DEMO_GAME_CSS, DEMO_GAME_JS),
  styles: [DEMO_GAME_CSS],
  scripts: [DEMO_GAME_JS],
  sandbox: 'allow-scripts allow-forms',
};
