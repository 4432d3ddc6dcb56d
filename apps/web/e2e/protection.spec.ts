import type { Page } from '@playwright/test';
import { breakMessage, limitMessage } from '@app/contract/protection';
import { test, expect, api, login, newMember, type Member } from './fixtures';

/* 责任博彩 (/protection) against the real server: a deposit limit set, lowered and raised (the raise
 * waits), a deposit beyond it refused; a time-out that signs the member out and leaves withdrawing
 * only; a self-exclusion for good. */

const recharge = (page: Page, member: Member, amount: string) =>
  api(
    page,
    member,
    '/api/recharge',
    { paytype: 'usdt', amount, catepay: 'trc20' },
    `e2e-limit-${Date.now()}`,
  );

async function setDaily(page: Page, amount: string) {
  const card = page.getByRole('region', { name: '存款限额' });
  const field = card.getByRole('textbox', { name: '每24小时存款限额金额' });
  if (!(await field.isVisible())) await card.getByRole('button', { name: '每24小时存款限额' }).click();
  await field.fill(amount);
  await card.getByRole('button', { name: '保存' }).click();
}

test('a deposit limit is set, lowered at once, raised only after a wait; a deposit beyond it is refused', async ({
  page,
}) => {
  const member = await newMember(page);
  await page.goto('/#/mine');
  await page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: '责任博彩' }).click();
  await expect(page).toHaveURL(/#\/protection$/);
  const card = page.getByRole('region', { name: '存款限额' });
  await expect(card.getByText('未设置')).toHaveCount(3);

  await setDaily(page, '12.345');
  await expect(page.getByText('请输入有效的限额金额')).toBeVisible();
  await setDaily(page, '500');
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(card.getByText('500.00 元')).toBeVisible();
  await expect(card.getByText(/已用 0\.00 · 剩余 500\.00 · \d\d-\d\d \d\d:\d\d 重置/)).toBeVisible();

  await setDaily(page, '300');
  await expect(card.getByText('300.00 元')).toBeVisible();
  await setDaily(page, '800');
  await expect(page.getByText('已提交，24小时后需您确认才生效')).toBeVisible();
  await expect(card.getByText('300.00 元')).toBeVisible();
  await expect(card.getByText(/调整为 800\.00：\d\d-\d\d \d\d:\d\d 后可确认/)).toBeVisible();
  await expect(card.getByRole('button', { name: '确认' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('protection-limits.png') });

  // The server holds the limit in force: 300.00 a day, orders in review counted.
  expect((await recharge(page, member, '200.00')).code).toBe(200);
  const refused = await recharge(page, member, '150.00');
  expect(refused.message).toBe(limitMessage('每24小时存款限额', '100.00'));
});

test('a time-out signs the member out; signing in again shows until when and offers withdrawing only', async ({
  page,
}) => {
  const member = await newMember(page, '50');
  await page.goto('/#/protection');
  const card = page.getByRole('region', { name: '暂停与自我排除' });
  await card.getByRole('button', { name: '确认暂停' }).click();
  await expect(page.getByText('请选择时长')).toBeVisible();
  await card.getByRole('radio', { name: '7天' }).click();
  await card.getByRole('button', { name: '确认暂停' }).click();
  await expect(page.getByText('确定暂停游戏7天吗？立即生效并退出登录，期间不能提前取消。')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('protection-confirm.png') });
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  // The old session is over on the server.
  expect((await api(page, member, '/api/balance')).code).toBe(401);

  // Signing in again leads to /protection: until when, and withdrawing only.
  await login(page, member.name, member.password);
  await expect(page).toHaveURL(/#\/protection$/);
  await expect(page.getByTestId('header-balance')).toHaveText('50.00');
  const notice = page.getByRole('region', { name: '暂停中' });
  await expect(
    notice.getByText(/您已暂停游戏至 \d{4}-\d\d-\d\d \d\d:\d\d，期间只能提款和查看记录。/),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: '暂停与自我排除' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('protection-break.png') });
  const until = /至 (.+)，/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const now = { ...member, token };
  expect((await recharge(page, now, '100.00')).message).toBe(breakMessage(until));
  await notice.getByRole('button', { name: '去提款' }).click();
  await expect(page).toHaveURL(/#\/withdrawal$/);
});

test('a self-exclusion for good', async ({ page }) => {
  const member = await newMember(page);
  await page.goto('/#/protection');
  const card = page.getByRole('region', { name: '暂停与自我排除' });
  await card.getByRole('tab', { name: '自我排除' }).click();
  await card.getByRole('radio', { name: '永久' }).click();
  await card.getByRole('button', { name: '确认自我排除' }).click();
  await expect(page.getByText('确定永久自我排除吗？立即生效并退出登录，期间不能提前取消。')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await login(page, member.name, member.password);
  await expect(page).toHaveURL(/#\/protection$/);
  await expect(page.getByText('您已永久自我排除，期间只能提款和查看记录。')).toBeVisible();
});

test('游戏时间提醒 every 10 minutes of the session: time, stakes, winnings and net, with 继续 and 退出登录', async ({
  page,
}) => {
  const member = await newMember(page, '100');
  await page.goto('/#/protection');
  const card = page.getByRole('region', { name: '游戏时间提醒' });
  await card.getByRole('radio', { name: '10分钟' }).click();
  await expect(page.getByText('将每10分钟提醒一次')).toBeVisible();
  await expect(card.getByRole('radio', { name: '10分钟' })).toHaveAttribute('aria-checked', 'true');

  await page.clock.fastForward('10:05');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('游戏时间提醒')).toBeVisible();
  await expect(
    dialog.getByText(/您本次已登录 \d+ 分钟，投注 0\.00 元，派彩 0\.00 元，净输赢 0\.00 元。/),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reality-check.png') });
  await dialog.getByRole('button', { name: '继续' }).click();
  await expect(dialog).toBeHidden();

  // The next one ten minutes on; 退出登录 ends this session on the server.
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  await page.clock.fastForward('10:00');
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect((await api(page, { ...member, token }, '/api/balance')).code).toBe(401);
});
