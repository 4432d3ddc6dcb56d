import {
  test,
  expect,
  freshTotp,
  opsOperator,
  shot,
  signIn,
  totp,
  CONSOLE_URL,
  MEMBER_URL,
} from './fixtures';

/* Issue 16: signing in to the operators' console with a password and TOTP, as a new operator does
 * it, and the console's address and its Content-Security-Policy. */

test('a new operator signs in: one-time password, own password, TOTP enrolment, then again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `xinren${Date.now().toString(36).slice(-6)}`;
  const oneTime = await opsOperator('create', name, 'finance');
  const password = 'my-own-pass-2026';

  // The login page logs nothing but the session check's expected 401.
  const errors: { text: string; url: string }[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push({ text: m.text(), url: m.location().url });
  });
  await page.goto('/');
  await expect(page).toHaveURL(`${CONSOLE_URL}/login`);
  await expect(page.getByText('运营后台登录')).toBeVisible();
  await shot(page, 'login');
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(e.text).toMatch(/status of 401/);
    expect(e.url).toBe(`${CONSOLE_URL}/api/session`);
  }

  await page.getByLabel('用户名').fill(name);
  await page.getByLabel('密码', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page.getByText('首次登录：设置新密码')).toBeVisible();

  await page.getByLabel('新密码', { exact: true }).fill('short');
  await page.getByLabel('确认新密码').fill('different');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('密码为10-64位')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await shot(page, 'login-new-password-errors');
  await page.getByLabel('新密码', { exact: true }).fill(password);
  await page.getByLabel('确认新密码').fill(password);
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page.getByText('绑定动态验证码', { exact: true })).toBeVisible();
  const qr = page.getByRole('img', { name: '动态验证码绑定二维码' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = ((await page.locator('.enroll-secret').innerText()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'login-enroll');

  // A wrong code: not the code of this step nor of either neighbour (the server allows clock drift).
  const near = [-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d));
  const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) ?? '444444';
  await page.getByLabel('动态验证码').fill(wrong);
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page.getByRole('alert')).toContainText('动态验证码错误');
  await shot(page, 'login-wrong-code');

  await page.getByLabel('动态验证码').fill(await freshTotp(name, secret));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/`);
  const header = page.locator('.console-header');
  await expect(header).toContainText(name);
  await expect(header).toContainText('财务');
  await shot(page, 'dashboard-after-enrol');

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/login`);
  await page.goto('/');
  await expect(page).toHaveURL(`${CONSOLE_URL}/login`); // the session really ended

  // Again: password, then a code of a later 30-second step (a code is taken once).
  await signIn(page, { name, password, secret });
  await expect(page).toHaveURL(`${CONSOLE_URL}/`);
  await expect(header).toContainText('财务');
  await shot(page, 'dashboard-second-sign-in');
});

test("the console is not on the members' address, and its pages forbid eval", async ({ page, request }) => {
  const onMembers = await request.post(`${MEMBER_URL}/api/login`, {
    data: { name: 'admin01', password: 'x' },
    failOnStatusCode: false,
  });
  expect(onMembers.status()).toBe(404);
  expect((await request.get(`${MEMBER_URL}/api/session`, { failOnStatusCode: false })).status()).toBe(404);

  for (const path of ['/', '/login', '/withdrawals']) {
    const r = await request.get(`${CONSOLE_URL}${path}`);
    expect(r.status()).toBe(200);
    const csp = r.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
  }
  // And the page itself loads under it (the fixture fails on any CSP violation).
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /^登\s?录$/ })).toBeVisible();
});
