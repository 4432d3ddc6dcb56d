/* The support desk (issue 34), a member's phone and the console side by side on one server:
 * 1. nobody at the desk: a visitor and a member each leave a message; 客服 answers later; the visitor
 *    reads the answer on its next visit (same browser: its visitor key), the member as a site message
 *    (我的消息) and in the desk;
 * 2. a member asks about a deposit that has not arrived: 客服 (online, so it is assigned at once)
 *    sees the pending deposit beside the chat, answers, and transfers the conversation to 财务, who
 *    answers too. Both sides see each other's messages without reloading.
 * Serial: who is online at the desk is state of the whole server. Screenshots: /tmp/shots/support. */
import { consoleSupportPresence } from '@app/contract/console-support';
import type { Browser, FrameLocator, Page } from '@playwright/test';
import { consoleApi, expect, MEMBER_CONTEXT, pendingDeposit, test } from './fixtures';

const SHOTS = '/tmp/shots/support';

test.describe.configure({ mode: 'serial' });

/** The desk page inside the members' /kefu, on `page` (signed in or not). */
async function openDesk(page: Page): Promise<FrameLocator> {
  await page.goto('/#/kefu');
  const frame = page.frameLocator('iframe[title="在线客服"]');
  await expect(frame.getByRole('heading', { name: '在线客服' })).toBeVisible({ timeout: 15_000 });
  return frame;
}

/** A phone that is not signed in (a visitor), its storage kept between visits. */
async function visitorPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext(MEMBER_CONTEXT);
  return context.newPage();
}

async function setOnline(page: Page, online: boolean) {
  const r = await consoleApi(page, consoleSupportPresence, { online });
  expect(r.code, r.message).toBe(200);
}

/** Opens the queue view `tab` on the workbench and the conversation whose row names `name`. */
async function openConversation(page: Page, tab: '等待中' | '我的' | '全部', name: string) {
  const queue = page.getByLabel('会话队列');
  await queue.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  const row = queue.locator('.support-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  return row;
}

/** The open conversation's messages on the workbench. */
const messages = (page: Page) => page.getByTestId('support-messages');

async function reply(page: Page, text: string) {
  await page.getByRole('textbox', { name: '回复内容' }).fill(text);
  // Not 发送图片; the icon's label (send) comes first in the name.
  await page
    .locator('.support-reply')
    .getByRole('button', { name: /发\s?送$/ })
    .click();
}

test('nobody online: a visitor and a member leave messages, read 客服’s answers later', async ({
  browser,
  operatorPage,
  memberPage,
  member,
}) => {
  test.setTimeout(150_000);
  const kefu = await operatorPage('support');
  const admin = await operatorPage('admin');
  await setOnline(kefu, false);
  await setOnline(admin, false);

  // A visitor leaves a message.
  const visitor = await visitorPhone(browser);
  const nickname = `访客${Date.now() % 100000}`;
  let frame = await openDesk(visitor);
  await frame.getByPlaceholder('请输入昵称').fill(nickname);
  await frame.getByRole('button', { name: '开始咨询' }).click();
  await expect(frame.getByText('当前无客服在线，您可以留言，客服上线后回复您')).toBeVisible();
  await frame.getByRole('textbox', { name: '消息内容' }).fill('请问怎么充值？');
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(frame.getByRole('list', { name: '消息' })).toContainText('请问怎么充值？');
  await visitor.screenshot({ path: `${SHOTS}/offline-visitor-left.png` });
  await visitor.goto('about:blank'); // the visitor leaves

  // A member leaves one too: known without typing a name.
  frame = await openDesk(memberPage);
  await expect(frame.getByText('客服离线')).toBeVisible();
  await frame.getByRole('textbox', { name: '消息内容' }).fill('我的提款什么时候到账？<b>急</b>');
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(frame.getByRole('list', { name: '消息' })).toContainText('<b>急</b>');
  await memberPage.goto('/#/');

  // 客服 comes later: both wait as 离线留言; it takes each and answers.
  await kefu.goto('/support');
  const visitorRow = await openConversation(kefu, '等待中', nickname);
  await expect(visitorRow).toContainText('离线留言');
  await expect(messages(kefu).getByText('请问怎么充值？')).toBeVisible();
  await kefu.getByRole('button', { name: /^接\s?入$/ }).click();
  await reply(kefu, '您好，充值请在「存款」页选择方式，按提示转账即可。');
  await expect(messages(kefu).getByText('您好，充值请在「存款」页选择方式')).toBeVisible();

  await openConversation(kefu, '等待中', member.name);
  await expect(messages(kefu).getByText('我的提款什么时候到账？<b>急</b>')).toBeVisible(); // text, not markup
  await kefu.getByRole('button', { name: /^接\s?入$/ }).click();
  await reply(kefu, '已为您查询：提款已出款，请留意银行到账 <i>通知</i>');
  await expect(messages(kefu).getByText('已为您查询：提款已出款')).toBeVisible();
  await kefu.screenshot({ path: `${SHOTS}/offline-console-answered.png` });

  // The visitor's next visit (same browser): the answer is there.
  frame = await openDesk(visitor);
  await frame.getByPlaceholder('请输入昵称').fill(nickname);
  await frame.getByRole('button', { name: '开始咨询' }).click();
  await expect(frame.getByRole('list', { name: '消息' })).toContainText('充值请在「存款」页选择方式');
  await visitor.screenshot({ path: `${SHOTS}/offline-visitor-reads.png` });
  await visitor.context().close();

  // The member: a site message (我的消息), escaped, and the answer in the desk.
  await memberPage.goto('/#/message?type=3');
  const own = memberPage.getByRole('list', { name: '我的消息列表' });
  await expect(own).toContainText('客服回复');
  await own.getByText('客服回复').first().click();
  await expect(memberPage.getByText('已为您查询：提款已出款，请留意银行到账 <i>通知</i>')).toBeVisible();
  await memberPage.screenshot({ path: `${SHOTS}/offline-member-site-message.png` });
  frame = await openDesk(memberPage);
  await expect(frame.getByRole('list', { name: '消息' })).toContainText('已为您查询：提款已出款');
  await memberPage.screenshot({ path: `${SHOTS}/offline-member-desk.png` });
});

test('a member asks about a deposit: 客服 sees it beside the chat, answers, transfers to 财务', async ({
  operatorPage,
  memberPage,
  member,
}) => {
  test.setTimeout(150_000);
  const depositNo = await pendingDeposit(memberPage, member, '520');
  const kefu = await operatorPage('support');
  const finance = await operatorPage('finance');
  await kefu.goto('/support');
  await kefu.getByRole('switch', { name: '在线状态' }).click();
  await expect(kefu.getByText('在线，接收新会话')).toBeVisible();

  // The member asks with a quick question: an online 客服 gets it at once.
  const frame = await openDesk(memberPage);
  await frame.getByRole('button', { name: '存款未到账' }).click();
  const chat = frame.getByRole('list', { name: '消息' });
  await expect(chat).toContainText('存款未到账');
  await expect(frame.getByRole('banner').getByText(/为您服务/)).toBeVisible({ timeout: 15_000 });

  // 客服: the conversation under 我的, the member's pending deposit beside it.
  await openConversation(kefu, '我的', member.name);
  await expect(messages(kefu).getByText('存款未到账')).toBeVisible();
  const panel = kefu.getByLabel('会员信息');
  await expect(panel.getByText(member.name)).toBeVisible();
  await expect(panel.getByText('最近存款')).toBeVisible();
  await expect(panel.locator('.support-money-row').first()).toContainText('¥520.00');
  await expect(panel.locator('.support-money-row').first()).toContainText('待审核');
  await kefu.screenshot({ path: `${SHOTS}/deposit-console.png` });

  await reply(kefu, `您的存款 ${depositNo} 正在审核，我为您转财务加急。`);
  await expect(chat).toContainText(`您的存款 ${depositNo} 正在审核`); // pushed, no reload
  await memberPage.screenshot({ path: `${SHOTS}/deposit-member-answered.png` });

  // 转接 to 财务.
  await kefu.getByRole('button', { name: /^转\s?接$/ }).click();
  const dialog = kefu.getByRole('dialog');
  await dialog.getByText('caiwu01', { exact: false }).first().click();
  await kefu.screenshot({ path: `${SHOTS}/deposit-transfer.png` });
  await dialog.getByRole('button', { name: /^转\s?接$/ }).click();
  await expect(dialog).toBeHidden();

  // 财务 finds it under 我的 and answers; the member reads it in the same open desk.
  await finance.goto('/support');
  await openConversation(finance, '我的', member.name);
  await expect(messages(finance).getByText(`您的存款 ${depositNo} 正在审核`)).toBeVisible();
  await reply(finance, '财务已收到，款项将在 5 分钟内到账。');
  await expect(chat).toContainText('财务已收到，款项将在 5 分钟内到账。');
  await finance.screenshot({ path: `${SHOTS}/deposit-finance.png` });
  await memberPage.screenshot({ path: `${SHOTS}/deposit-member-finance.png` });

  await setOnline(kefu, false);
});
