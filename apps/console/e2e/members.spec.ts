import { test, expect, memberApi, newUsername, shot } from './fixtures';
import { MEMBER_URL } from './operators';

/* Issue 16: block a member who is signed in; the member app puts them out on its next call. */

test('a 客服 operator finds a signed-in member and blocks them; the member app signs them out', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  await memberPage.goto('/#/mine');
  await expect(memberPage.getByText(member.name).first()).toBeVisible();

  const support = await operatorPage('support');
  await support.goto('/members');
  await support.getByLabel('搜索会员').fill(member.name.toUpperCase().slice(0, 10));
  await support.getByLabel('搜索会员').press('Enter');
  await support.getByRole('link', { name: member.name }).click();
  await expect(support.getByRole('button', { name: /^冻\s*结$/ })).toBeVisible();
  await shot(support, 'member-page-support');

  await support.getByRole('button', { name: /^冻\s*结$/ }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByLabel('原因（选填）').fill('疑似盗号，先冻结');
  await shot(support, 'member-block-modal');
  await dialog.getByRole('button', { name: '确认冻结' }).click();
  await expect(support.getByText(`已冻结会员 ${member.name}`)).toBeVisible();
  await expect(support.getByRole('button', { name: '解除冻结' })).toBeVisible();

  // The member app's next call answers 401: it leaves for the login screen and says why.
  await expect(memberPage.getByText('您的账号登录过期，请重新登录')).toBeVisible({ timeout: 10_000 });
  await expect(memberPage).toHaveURL(/#\/login/);
  const again = await memberApi(memberPage, member, '/api/balance');
  expect(again.code).toBe(401);
  const signIn = await memberPage.request.post('/api/login_pc', {
    data: { name: member.name, password: member.password },
    failOnStatusCode: false,
  });
  expect(signIn.status()).toBe(403);
  expect(((await signIn.json()) as { message: string }).message).toBe('账号已被冻结');
});

test('财务 credits a member from the member page; the tabs show it; 客服 resets a password and writes', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  await memberApi(memberPage, member, '/api/recharge', { paytype: 'usdt', amount: '300', catepay: 'TRC20' });
  const finance = await operatorPage('finance');
  await finance.goto(`/members?q=${member.name}`);
  await finance.getByRole('link', { name: member.name }).click();
  await finance.getByRole('button', { name: '调整余额' }).click();
  const dialog = finance.getByRole('dialog');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog.getByText('请输入调整金额')).toBeVisible();
  await expect(dialog.getByText('请填写调整原因')).toBeVisible();
  await dialog.getByLabel('金额（元）').fill('88.80');
  await dialog.getByLabel('原因').fill('活动补发');
  await shot(finance, 'member-adjust-modal');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await shot(finance, 'member-adjust-confirm');
  await finance.getByRole('button', { name: '确认加款' }).click();
  await expect(finance.getByText('加款 ¥88.80 成功，中心钱包余额 ¥88.80')).toBeVisible();
  const balance = await memberApi(memberPage, member, '/api/balance');
  expect(balance.data).toEqual({ balance: '88.80' });

  await finance.getByRole('tab', { name: '账变记录' }).click();
  await expect(finance.getByRole('cell', { name: '人工调整' })).toBeVisible();
  await shot(finance, 'member-tab-ledger');
  await finance.getByRole('tab', { name: '存款' }).click();
  await expect(finance.getByRole('cell', { name: '待审核' })).toBeVisible();
  await shot(finance, 'member-tab-deposits');
  await finance.getByRole('tab', { name: '登录记录' }).click();
  await expect(finance.getByRole('cell', { name: '127.0.0.1' }).first()).toBeVisible();
  await shot(finance, 'member-tab-logins');

  const support = await operatorPage('support');
  await support.goto(`/members?q=${member.name}`);
  await shot(support, 'members-search');
  await support.getByRole('link', { name: member.name }).click();
  await support.getByRole('button', { name: '重置登录密码' }).click();
  await support.getByRole('button', { name: '确认重置' }).click();
  const password = (await support.locator('.ant-modal code').textContent()) ?? '';
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  await shot(support, 'member-reset-password');
  await support.getByRole('button', { name: '我已记下' }).click();
  const signIn = await memberPage.request.post('/api/login_pc', { data: { name: member.name, password } });
  expect(signIn.ok()).toBe(true);

  await support.getByRole('button', { name: '发送站内信' }).click();
  const write = support.getByRole('dialog');
  await write.getByRole('textbox', { name: '标题' }).fill('账户安全提醒');
  await write.getByLabel('内容').fill('您的登录密码已重置，<b>请尽快修改</b>。');
  await shot(support, 'member-message-modal');
  await write.getByRole('button', { name: /^发\s*送$/ }).click();
  await support
    .getByRole('button', { name: /^发\s*送$/ })
    .last()
    .click();
  await expect(support.getByText(`站内信已发送给 ${member.name}`)).toBeVisible();
});

/* Issue 29: 客服 finds a member by real name; the page shows the mobile and card numbers masked. */
test('客服 finds a member by real name and reads the page with the mobile and cards masked', async ({
  browser,
  operatorPage,
}) => {
  const realname = `慕容${'甲乙丙丁戊己庚辛'[Date.now() % 8]}`;
  const ctx = await browser.newContext({ baseURL: MEMBER_URL });
  const name = newUsername('r');
  const password = 'secret123';
  const reg = await ctx.request.post('/api/register', {
    data: { name, realname, password, confirmPass: password, paypassword: password, code: 'ok' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const member = {
    name,
    password,
    token: ((await reg.json()) as { data: { api_token: string } }).data.api_token,
  };
  await ctx.close();

  const support = await operatorPage('support');
  await support.setViewportSize({ width: 1280, height: 900 });
  const bound = await memberApi(support, member, '/api/bindcard', {
    bank: '中国银行',
    bank_owner: realname,
    bank_no: '6222020200005678',
    bank_address: '上海',
    pay_pass: password,
  });
  expect(bound.code, bound.message).toBe(200);
  const phone = await memberApi(support, member, '/api/auth/updateuserinfo', { mobile: '13900139000' });
  expect(phone.code, phone.message).toBe(200);

  await support.goto('/members');
  await support.getByLabel('搜索会员').fill(realname);
  await support.getByLabel('搜索会员').press('Enter');
  const row = support.locator('tr', { hasText: name });
  await expect(row).toContainText(realname);
  await shot(support, 'members-search-realname-1280');
  await row.getByRole('link', { name }).click();
  await expect(support.getByText('139****9000')).toBeVisible();
  await support.getByRole('tab', { name: /银行卡\/USDT/ }).click();
  await expect(support.getByText('****5678')).toBeVisible();
  await expect(support.getByText('已隐藏，财务可见').first()).toBeVisible();
  await expect(support.getByText('13900139000')).toHaveCount(0);
  await expect(support.getByText('6222020200005678')).toHaveCount(0);
  await shot(support, 'member-page-support-masked-1280');
});
