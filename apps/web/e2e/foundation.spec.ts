import { test, expect, DEMO, login, newUsername, ops } from './fixtures';

test.describe('a visitor', () => {
  test('browses the hall: banners, notices, platforms by category, login asked to play', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.getByRole('img', { name: /banner|横幅/i }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
    for (const label of ['真人', '体育', '电竞', '棋牌', '电子', '彩票']) {
      await expect(page.getByRole('tab', { name: label })).toBeVisible();
    }
    await page.getByRole('tab', { name: '体育' }).click();
    const platform = page.getByTestId('platform').first();
    await expect(platform).toBeVisible();
    await platform.click();
    await expect(page.getByText('请登录！')).toBeVisible();
    // A short phone screen, so the hall is longer than the viewport.
    await page.setViewportSize({ width: 390, height: 480 });
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole('button', { name: '返回顶部' })).toBeVisible();
  });

  test('registers with the captcha and is signed in', async ({ page }) => {
    const name = newUsername('reg');
    await page.goto('/#/');
    await page.goto('/#/reg2');
    await page.getByPlaceholder('请输入用户名').fill(name);
    await page.getByPlaceholder('请输入密码').fill('secret123');
    await page.getByPlaceholder('请再次输入密码').fill('secret123');
    const captcha = page.getByRole('img', { name: '验证码' });
    await expect(captcha).toBeVisible();

    // A wrong code is refused in the client and the image changes.
    await page.getByPlaceholder('请输入验证码').fill('zzzz');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('验证码错误！')).toBeVisible();
    await expect(page.getByPlaceholder('请输入验证码')).toHaveValue('');

    const src = (await captcha.getAttribute('src')) ?? '';
    const { CAPTCHAS } = await import('../src/features/auth/captcha');
    // By the whole file name: '1.svg' is also the end of '11.svg' and '21.svg'.
    const shown = CAPTCHAS.find((c) => src.split('/').pop() === c.file);
    if (!shown) throw new Error(`captcha ${src} is not in the table`);
    // The comparison is case-insensitive (spec §5).
    await page.getByPlaceholder('请输入验证码').fill(shown.code.toLowerCase());
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText(/注册成功/)).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId('header-balance')).toHaveText('0.00');
  });
});

test.describe('a member', () => {
  test('logs in and sees the balance in the header', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeDisabled();
    await login(page, DEMO.name, DEMO.password);
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId('header-balance')).toHaveText('1000.00');
  });

  test('is sent from a (login) route to /login and returns to it after login', async ({ page }) => {
    await page.goto('/#/userCent');
    await expect(page).toHaveURL(/#\/login\?redirect=%2FuserCent/);
    await login(page, DEMO.name, DEMO.password);
    await expect(page).toHaveURL(/#\/userCent$/);
  });

  test('whose session ends on the server sees 认证失败 and goes to /login', async ({ page }) => {
    await page.goto('/#/login');
    await login(page, DEMO.name, DEMO.password);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    const r = await page.request.post('/api/logoff', { headers: { Authorization: `Bearer ${token}` } });
    expect(r.ok()).toBe(true);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('认证失败')).toBeVisible({ timeout: 8_000 });
    await expect(dialog.getByText('您的账号登录过期，请重新登录')).toBeVisible();
    await dialog.getByRole('button').first().click();
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('is never sent out of the app by a redirect query', async ({ page, baseURL }) => {
    for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      await page.goto(`/#/login?redirect=${encodeURIComponent(target)}`);
      await login(page, DEMO.name, DEMO.password);
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/#/$`));
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
    }
  });
});

test('maintenance mode shows repair_tips instead of the app', async ({ page }) => {
  await ops('site:maintenance', 'on', '系统升级中，预计一小时后恢复');
  try {
    await page.goto('/#/');
    await expect(page.getByText('系统升级中，预计一小时后恢复')).toBeVisible();
    await expect(page.getByRole('tab', { name: '真人' })).toHaveCount(0);
  } finally {
    await ops('site:maintenance', 'off');
  }
  await page.reload();
  await expect(page.getByRole('tab', { name: '真人' })).toBeVisible();
});
