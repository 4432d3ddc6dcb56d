import { test, expect, newMember, ops } from './fixtures';

/* Content journeys (issue 6) against the real server: site messages, help articles, the welcome modal. */

test('a member reads a site message sent by the operator, shown harmless', async ({ page }) => {
  const member = await newMember(page);
  const title = `致${member.name}的站内信`;
  await ops(
    'message:send',
    member.name,
    title,
    '<p>您好，<strong>本周活动</strong>已开启。<a href="javascript:alert(1)">坏链接</a></p>',
  );
  await page.goto('/#/discover');
  await page.getByRole('link', { name: /官方资讯/ }).click();
  await expect(page).toHaveURL(/#\/message$/);
  await page.getByRole('tab', { name: '我的消息' }).click();
  const list = page.getByRole('list', { name: '我的消息列表' });
  await expect(list.getByRole('heading', { name: title })).toBeVisible();
  const body = list.getByLabel(`我的消息：${title}`);
  await expect(body).toContainText('本周活动');
  await expect(body.getByText('坏链接')).not.toHaveAttribute('href', /.*/);
  // The seeded messages to every member are there too, after the new one.
  await expect(list.getByRole('heading', { name: '欢迎加入乐享娱乐' })).toBeVisible();
});

test('a member reads a help article', async ({ page }) => {
  await newMember(page);
  await page.goto('/#/boutBallBet');
  await page.getByRole('link', { name: '常见问题' }).click();
  await expect(page).toHaveURL(/#\/boutBallBetInfo\?type=1$/);
  await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
  await expect(page.getByLabel('常见问题内容')).not.toBeEmpty();
});

test('a visitor sees the welcome modal on /home once', async ({ page }) => {
  await page.goto('/#/home');
  const welcome = page.getByRole('dialog', { name: '欢迎来到乐享娱乐' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByLabel('欢迎信息')).toContainText('演示站点');
  await welcome.getByRole('button', { name: '我知道了' }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('tab', { name: '真人' })).toBeVisible();

  await page.goto('/#/discover');
  await page.goto('/#/home');
  await expect(page.getByRole('tab', { name: '真人' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: '真人' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a visitor opens customer service: the support desk in a frame, notice and online entries', async ({
  page,
}) => {
  await page.goto('/#/');
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '客服' }).click();
  await expect(page).toHaveURL(/#\/kefu$/);
  const frame = page.frameLocator('iframe[title="在线客服"]');
  await expect(frame.getByRole('heading', { name: '在线客服' })).toBeVisible();
  await expect(page.getByRole('link', { name: '公告' })).toHaveAttribute('href', '#/message?type=1');
  await expect(page.getByRole('button', { name: '在线客服' })).toBeEnabled();
  // A visitor gives a nickname and leaves a message: nobody is at the desk in a fresh seed.
  await frame.getByPlaceholder('请输入昵称').fill('路过的访客');
  await frame.getByRole('button', { name: '开始咨询' }).click();
  await expect(frame.getByText('当前无客服在线，您可以留言，客服上线后回复您')).toBeVisible();
  await frame.getByRole('textbox', { name: '消息内容' }).fill('请问怎么充值？');
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(frame.getByRole('list', { name: '消息' })).toContainText('请问怎么充值？');
});
