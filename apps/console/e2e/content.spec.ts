import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { consoleUpdateNotice } from '@app/contract/console-content';
import { test, expect, consoleApi } from './fixtures';

/* Issue 17, 内容管理: a banner uploaded in the console shows in the members' hall; HTML is sanitised. */

const SHOTS = '/tmp/shots/content';
mkdirSync(SHOTS, { recursive: true });
const look = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A real PNG banner picture (750×375), drawn by the browser. */
async function bannerPicture(page: Page): Promise<Buffer> {
  await page.setViewportSize({ width: 750, height: 375 });
  await page.setContent(
    `<body style="margin:0"><div style="width:750px;height:375px;display:flex;align-items:center;
      justify-content:center;background:linear-gradient(120deg,#ff7a45,#ffc53d);color:#fff;
      font:bold 64px sans-serif">周末存款加赠</div></body>`,
  );
  return page.screenshot({ type: 'png' });
}

test('运营 uploads a picture and adds a banner; the members’ hall shows it after a reload', async ({
  browser,
  operatorPage,
  memberPage,
}) => {
  const drawer = await browser.newPage();
  const picture = await bannerPicture(drawer);
  await drawer.close();

  const content = await operatorPage('content');
  await content.goto('/content/banners');
  await expect(content.getByRole('button', { name: /添加轮播图/ })).toBeVisible();
  await look(content, 'banners');
  await content.getByRole('button', { name: /添加轮播图/ }).click();
  const dialog = content.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: picture });
  const preview = dialog.getByAltText('图片预览');
  await expect(preview).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  const src = (await preview.getAttribute('src')) ?? '';
  await dialog.getByPlaceholder('/activity 或 https://…').fill('/activity');
  await dialog.getByRole('spinbutton').fill('0');
  await look(content, 'banner-modal');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(content.getByText('轮播图已添加')).toBeVisible();
  await expect(content.locator(`img[src="${src}"]`)).toBeVisible();
  await look(content, 'banners-added');

  // The member app: the page's first frame is at most a few seconds old, the list is read per call.
  await expect(async () => {
    await memberPage.reload();
    await expect(memberPage.locator(`img[src="${src}"]`).first()).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await memberPage.screenshot({ path: `${SHOTS}/member-hall-banner.png` });
});

test('运营 publishes an announcement with the editor; hostile HTML arrives sanitised in /message', async ({
  operatorPage,
  memberPage,
}) => {
  const content = await operatorPage('content');
  await content.goto('/content/notices?tab=notices');
  await content.getByRole('button', { name: /发布站内公告/ }).click();
  const dialog = content.getByRole('dialog');
  const title = `周末活动公告${Date.now() % 100000}`;
  // The editor's toolbar has buttons named 标题 too (they appear once its chunk has loaded).
  await dialog.getByRole('textbox', { name: '标题' }).fill(title);
  const editor = dialog.getByRole('textbox', { name: '公告内容' });
  await editor.click();
  await editor.pressSequentially('本周末存款加赠 ');
  await dialog.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('10%');
  await look(content, 'notice-modal');
  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  await expect(content.getByText('公告已发布')).toBeVisible();
  await expect(content.getByRole('cell', { name: title })).toBeVisible();
  await look(content, 'notices-announcements');

  // A hostile operator bypasses the editor: the server keeps the text and drops the rest.
  const list = await consoleApi(
    content,
    { method: 'GET', path: '/api/content/notices' },
    { page: 1, pageSize: 5 },
  );
  const id = (list.data as { items: { id: number; title: string }[] }).items.find(
    (n) => n.title === title,
  )?.id;
  const hostile = await consoleApi(content, consoleUpdateNotice, {
    id,
    title,
    content:
      '<p>本周末存款加赠 <strong>10%</strong><script>window.pwned=1</script>' +
      '<img src="x" onerror="window.pwned=2"><a href="javascript:window.pwned=3">详情</a></p>',
  });
  expect(hostile.code).toBe(200);
  expect(JSON.stringify(hostile.data)).not.toMatch(/script|onerror|javascript/i);

  await memberPage.goto('/#/message?type=2');
  const item = memberPage.locator('li', { hasText: title });
  await expect(item).toBeVisible();
  await expect(item.locator('strong')).toHaveText('10%');
  await expect(item.locator('script, [onerror]')).toHaveCount(0);
  expect(await memberPage.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await memberPage.screenshot({ path: `${SHOTS}/member-message-notice.png` });
});

test('the other content screens: scrolling notices, articles, modal and sponsors, site messages', async ({
  operatorPage,
  member,
}) => {
  test.setTimeout(120_000);
  const content = await operatorPage('content');
  await content.goto('/content/notices');
  await expect(content.getByRole('tab', { name: '滚动公告' })).toBeVisible();
  await expect(content.getByRole('button', { name: /添加滚动公告/ })).toBeVisible();
  await look(content, 'notices-home');

  await content.goto('/content/articles');
  await expect(content.getByRole('textbox', { name: '文章正文' })).toBeVisible();
  await look(content, 'articles');

  await content.goto('/content/pages');
  await expect(content.getByLabel('赞助页一（type=1）')).toBeVisible();
  await content.getByLabel('赞助页二（type=2）').fill('javascript:alert(1)');
  await content.getByRole('button', { name: '保存地址' }).click();
  await expect(content.getByText('链接须以 http://、https:// 或 / 开头')).toBeVisible();
  await look(content, 'pages');

  await content.goto('/content/messages');
  await content.getByLabel('会员账号').fill(member.name);
  await content.getByRole('textbox', { name: '标题' }).fill('账户提醒');
  await content.getByLabel('内容').fill('您好，\n您的提款已到账。');
  await content.getByRole('button', { name: /^发\s*送$/ }).click();
  await content
    .getByRole('dialog')
    .getByRole('button', { name: /发\s*送/ })
    .click();
  await expect(content.getByText(`站内信已发送给 ${member.name}`)).toBeVisible();
  await expect(content.getByRole('cell', { name: member.name })).toBeVisible();
  await look(content, 'messages');
});
