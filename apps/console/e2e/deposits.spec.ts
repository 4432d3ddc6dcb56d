/* The deposit queue's filters (issue 29): 财务 narrows the queue by real name, method, amount and day,
 * by member name, sees a wrong range refused in Chinese, and resets. The queue refreshes on its own. */
import type { Browser } from '@playwright/test';
import { expect, memberApi, newUsername, pendingDeposit, shot, test, type Member } from './fixtures';
import { MEMBER_URL } from './operators';

/** A member registered with a real name (the fixture's member has none). */
async function memberWithRealName(browser: Browser, realname: string): Promise<Member> {
  const ctx = await browser.newContext({ baseURL: MEMBER_URL });
  try {
    const name = newUsername('d');
    const password = 'secret123';
    const r = await ctx.request.post('/api/register', {
      data: { name, realname, password, confirmPass: password, paypassword: password, code: 'ok' },
    });
    expect(r.ok(), await r.text()).toBe(true);
    return { name, password, token: ((await r.json()) as { data: { api_token: string } }).data.api_token };
  } finally {
    await ctx.close();
  }
}

/** Today in Beijing, YYYY-MM-DD. */
const beijingToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('财务 filters the deposit queue by real name, method, amount and day, then by member', async ({
  browser,
  operatorPage,
}) => {
  const family = '东方';
  const realname = `${family}${'甲乙丙丁戊己庚辛'[Date.now() % 8]}${'子丑寅卯辰巳午未'[Math.floor(Date.now() / 8) % 8]}`;
  const member = await memberWithRealName(browser, realname);
  const finance = await operatorPage('finance');
  const usdtNo = await pendingDeposit(finance, member, '720');
  const alipay = await memberApi(finance, member, '/api/recharge', { paytype: 'alipay', amount: '300' });
  expect(alipay.code, alipay.message).toBe(200);

  await finance.setViewportSize({ width: 1280, height: 900 });
  await finance.goto('/deposits');
  await expect(finance.getByText('每 15 秒自动刷新')).toBeVisible();
  const form = finance.getByRole('form', { name: '筛选存款' });
  await form.getByLabel('真实姓名').fill(family);
  await form.getByLabel('方式').click();
  await finance.getByTitle('USDT', { exact: true }).click();
  await form.getByLabel('最低金额').fill('800');
  await form.getByLabel('最高金额').fill('700');
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(form.getByText('最低金额不能大于最高金额')).toBeVisible();
  await form.getByLabel('最低金额').fill('700');
  await form.getByLabel('最高金额').fill('800');
  await form.getByPlaceholder('开始日期').fill(beijingToday());
  await form.getByPlaceholder('结束日期').fill(beijingToday());
  await form.getByPlaceholder('结束日期').press('Enter');
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(finance).toHaveURL(/realname=/);
  await expect(finance).toHaveURL(/method=usdt/);
  const rows = finance.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(usdtNo);
  await expect(rows.first()).toContainText(realname);
  await expect(finance.getByText('共 1 条')).toBeVisible();
  await shot(finance, 'deposits-filtered-1280');

  // By member name (any case): both of the member's deposits; 重置 empties the form and the address.
  await form.getByRole('button', { name: /重\s*置/ }).click();
  await expect(finance).not.toHaveURL(/realname=/);
  await form.getByLabel('会员名').fill(member.name.toUpperCase());
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(2);
  await expect(finance.locator('tr', { hasText: '支付宝' })).toContainText(member.name);
  await shot(finance, 'deposits-by-member-1280');
});
