import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { test, expect, newMember, ops } from './fixtures';

/* Issue 15 (content): the /message tabs of the spec, the sponsor pages and the addresses the
 * operator sets, /abouts' own articles, Chinese platform names. */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** A picture of the screen to look at, when E2E_SHOTS_DIR names a folder. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('/message: 公告 are the home notices, 站内信 the notices, 我的消息 our own', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/message');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['公告', '站内信', '我的消息']);
  const texts = page.getByRole('list', { name: '公告列表' });
  await expect(texts.getByRole('listitem').first()).toContainText('欢迎光临乐享娱乐演示站');
  await expect(texts.getByRole('listitem')).toHaveCount(4);
  await shot(page, 'message-1');

  await page.getByRole('tab', { name: '站内信' }).click();
  await expect(page).toHaveURL(/#\/message\?type=2$/);
  const notices = page.getByRole('list', { name: '站内信列表' });
  await expect(notices.getByRole('heading', { name: '关于演示站点的说明' })).toBeVisible();
  await expect(notices.getByLabel('站内信：新会员首存优惠活动开启')).toContainText('15 倍的有效投注');
  await shot(page, 'message-2');

  await page.getByRole('tab', { name: '我的消息' }).click();
  await expect(
    page.getByRole('list', { name: '我的消息列表' }).getByRole('heading', { name: '欢迎加入乐享娱乐' }),
  ).toBeVisible();
  await shot(page, 'message-3');
});

test('/zhanzhuye embeds the sponsor page the operator sets', async ({ page }) => {
  await page.goto('/#/zhanzhu');
  await page.getByRole('link', { name: /欧洲足球/ }).click();
  await expect(page).toHaveURL(/#\/zhanzhuye\?type=1$/);
  const frame = page.frameLocator('iframe[title="欧洲足球俱乐部官方合作伙伴"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('欧洲足球俱乐部官方合作伙伴');
  await expect(frame.getByText('会员福利')).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await shot(page, 'zhanzhuye-1');

  // The operator points sponsor 1 elsewhere: the next visit shows it, without a reload.
  try {
    expect(await ops('site:url', 'sponsor1', '/support/sponsor/2')).toContain('/support/sponsor/2');
    await page.goto('/#/zhanzhu');
    await page.getByRole('link', { name: /欧洲足球/ }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('国际电竞赛事官方赞助商');
  } finally {
    await ops('site:url', 'sponsor1', '/support/sponsor/1');
  }
});

test('customer service follows the address the operator sets', async ({ page }) => {
  const tabBar = page.getByRole('navigation', { name: '底部导航' });
  await page.goto('/#/');
  await tabBar.getByRole('link', { name: '客服' }).click();
  const frame = page.locator('iframe[title="在线客服"]');
  // Our own desk gets the visitor key this browser keeps, in the hash (the desk page has no storage).
  await expect(frame).toHaveAttribute('src', /^\/support\/#\/\?v=[0-9a-f]{32}$/);
  try {
    await ops('site:url', 'service', '/support/app/');
    await page.getByRole('button', { name: '返回' }).click();
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/getservicerurl'));
    await tabBar.getByRole('link', { name: '客服' }).click();
    await asked;
    await expect(frame).toHaveAttribute('src', /^\/support\/app\/#\/\?v=[0-9a-f]{32}$/);
  } finally {
    await ops('site:url', 'service', '/support/');
  }
  expect(await ops('site:urls')).toMatch(/service\s+\/support\/\n/);
});

test('/abouts shows its own terms and privacy policy; the help centre keeps agent joining', async ({
  page,
}) => {
  await page.goto('/#/abouts?type=5');
  await expect(page.getByRole('heading', { name: '条款与规则' })).toBeVisible();
  const terms = page.getByLabel('条款与规则内容');
  await expect(terms).toContainText('年满 18 周岁');
  await expect(terms).not.toContainText('合营计划');
  await shot(page, 'abouts-5');

  await page.goto('/#/abouts?type=6');
  await expect(page.getByLabel('隐私政策内容')).toContainText('我们收集的信息');
  await shot(page, 'abouts-6');

  await page.goto('/#/boutBallBetInfo?type=5');
  await expect(page.getByLabel('代理加盟内容')).toContainText('合营计划');
});

test('the hall names platforms in Chinese', async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('tab', { name: '真人' }).click();
  const live = page.getByRole('tabpanel');
  await expect(live.getByRole('button', { name: 'AG真人' })).toBeVisible();
  await expect(live.getByRole('button', { name: 'AG', exact: true })).toHaveCount(0);
  await shot(page, 'hall-live');
  await page.getByRole('tab', { name: '体育' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: '沙巴体育' })).toBeVisible();
  await shot(page, 'hall-sport');
});
