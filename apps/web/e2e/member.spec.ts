import { test, expect, api, login, newMember } from './fixtures';

/** A 16×16 red PNG. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mN4ZmNDEmIY1TCqYfhqAAC8eF4QWhOsVAAAAABJRU5ErkJggg==',
  'base64',
);

test('a member uploads an avatar on /mine and sees it, there and on /userInfo', async ({ page }) => {
  const member = await newMember(page);
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(/#\/mine$/);
  await expect(page.getByTestId('mine-username')).toHaveText(member.name);
  await expect(page.getByText('VIP1')).toBeVisible();
  await expect(page.getByText('今天加入')).toBeVisible();

  await page
    .getByLabel('上传头像')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await expect(page.getByText('上传成功')).toBeVisible();
  const avatar = page.getByRole('img', { name: '头像' });
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(16);

  // The server knows it too, and the picture is served with its type and no sniffing.
  const info = await api(page, member, '/api/user');
  const src = await avatar.getAttribute('src');
  expect((info.data as { avatar: string }).avatar).toBe(src);
  const served = await page.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByRole('link', { name: '个人资料' }).click();
  await expect(page.getByRole('img', { name: '头像' })).toHaveAttribute('src', src ?? '');
});

test('a member edits the profile and sees it saved after a reload', async ({ page }) => {
  const member = await newMember(page);
  await page.goto('/#/userInfo');
  await expect(page.getByLabel('用户名')).toHaveValue(member.name);
  await expect(page.getByLabel('用户名')).not.toBeEditable();

  await page.getByLabel('手机号码').fill('1381234567');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('请输入正确手机号')).toBeVisible();

  await page.getByLabel('手机号码').fill('13812345678');
  await page.getByLabel('邮箱').fill('member@example.com');
  await page.getByLabel('出生日期').click();
  await expect(page.getByText('选择出生日期', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByLabel('出生日期')).toHaveText('1990-01-01');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('手机号码')).toHaveValue('13812345678');
  await expect(page.getByLabel('邮箱')).toHaveValue('member@example.com');
  await expect(page.getByLabel('出生日期')).toHaveText('1990-01-01');
});

test('a member changes the login password, is sent to /login and signs in with the new one', async ({
  page,
}) => {
  const member = await newMember(page);
  await page.goto('/#/password?type=1');
  await page.getByLabel('旧密码').fill(member.password);
  await page.getByLabel('新密码').fill('changed77');
  await page.getByLabel('确认密码').fill('changed99');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('两次密码不一致！')).toBeVisible();

  await page.getByLabel('确认密码').fill('changed77');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功！')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  // The session registration made (another device, as it were) has ended too.
  expect((await api(page, member, '/api/user')).code).toBe(401);

  await login(page, member.name, member.password);
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('请输入密码').fill('');
  await login(page, member.name, 'changed77');
  await expect(page.getByTestId('header-balance')).toHaveText('0.00');
});
