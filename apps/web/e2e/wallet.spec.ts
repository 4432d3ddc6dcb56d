import { test, expect, api, newMember, ops } from './fixtures';

const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

// After every journey that moves money the operator's check must hold (it exits non-zero otherwise).
test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

test('a USDT deposit goes to /payInfo, is approved by the operator, and the balance shows it', async ({
  page,
}) => {
  await newMember(page);
  await page.goto('/#/recharge');
  await page.getByRole('tab', { name: 'USDT' }).click();
  await page.getByRole('radio', { name: 'TRC20' }).check();
  await page.getByPlaceholder('请输入充值金额').fill('500');
  await page.getByRole('button', { name: '立即充值' }).click();

  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  await expect(page.getByTestId('pay-address')).toBeVisible();
  await expect(page.getByTestId('pay-countdown')).toHaveText(/\d{2}:\d{2}/);
  const depositNo = decodeURIComponent(
    new URL(page.url().replace('#/', '')).searchParams.get('deposit_no') ?? '',
  );
  expect(depositNo).not.toBe('');

  await ops('deposit:approve', depositNo);
  await page.getByRole('button', { name: '查看记录' }).click();
  await expect(page).toHaveURL(/#\/transRecord/);
  await expect(page.getByRole('list', { name: '交易记录' }).getByText('已通过')).toBeVisible();
  await page.goto('/#/');
  await expect(page.getByTestId('header-balance')).toHaveText('500.00');
});

test('a member moves money into a venue and recovers it all', async ({ page }) => {
  await newMember(page, '1000');
  await page.goto('/#/transfer');
  await expect(page.getByTestId('transfer-central')).toHaveText(/1000\.00/);
  // The wallets are picked in antd-mobile's action sheet: 中心钱包 is the default source, the first
  // venue the default target.
  await expect(page.getByRole('button', { name: '转出钱包' })).toContainText('中心钱包');
  await expect(page.getByRole('button', { name: '转入钱包' })).not.toContainText('请选择');
  await page.getByPlaceholder('请输入转账金额').fill('300');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(page.getByText('转账成功')).toBeVisible();
  await expect(page.getByTestId('transfer-central')).toHaveText(/700\.00/);

  // /transfer has no app header, so its own 一键回收 is the only one.
  await page.getByRole('button', { name: '一键回收' }).click();
  await expect(page.getByTestId('transfer-central')).toHaveText(/1000\.00/, { timeout: 8_000 });
});

test('a member binds a bank card and a USDT address, five of each at most', async ({ page }) => {
  const member = await newMember(page);
  await page.goto('/#/addBankCard');
  await page.getByPlaceholder('请输入姓名').fill('张三');
  await page.getByRole('button', { name: '开户银行' }).click();
  await page.locator('.adm-picker').getByRole('button', { name: '确定' }).click();
  await page.getByPlaceholder('请输入银行卡号').fill('6222020200001234');
  await page.getByPlaceholder('请输入开户行地址').fill('北京市朝阳支行');
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();

  await page.goto('/#/addUsdtCard');
  await page.getByRole('radio', { name: 'TRC20' }).check();
  await page.getByPlaceholder('请输入USDT地址').fill(TRC20_ADDRESS);
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();

  // Four more bank cards make five; the sixth is refused and the screen offers no more.
  for (let i = 2; i <= 5; i++) {
    const r = await api(page, member, '/api/bindcard', {
      bank: '中国银行',
      bank_owner: '张三',
      bank_no: `62220202000012${i}0`,
      bank_address: '北京',
      pay_pass: member.password,
    });
    expect(r.code, r.message).toBe(200);
  }
  const sixth = await api(page, member, '/api/bindcard', {
    bank: '中国银行',
    bank_owner: '张三',
    bank_no: '6222020200009999',
    bank_address: '北京',
    pay_pass: member.password,
  });
  expect(sixth.code).not.toBe(200);

  await page.goto('/#/wallet');
  await page.getByRole('tab', { name: '银行卡' }).click();
  await expect(page.getByRole('button', { name: /^解绑 / })).toHaveCount(5);
  await expect(page.getByRole('button', { name: '添加银行卡' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'USDT' }).click();
  await expect(page.getByRole('button', { name: /^解绑 / })).toHaveCount(1);
});

async function bindBankCard(page: Parameters<typeof api>[0], member: Awaited<ReturnType<typeof newMember>>) {
  const r = await api(page, member, '/api/bindcard', {
    bank: '中国银行',
    bank_owner: '李四',
    bank_no: '6222020200004321',
    bank_address: '上海',
    pay_pass: member.password,
  });
  expect(r.code, r.message).toBe(200);
}

test('a member withdraws after binding a phone, and sees it in /transRecord', async ({ page }) => {
  const member = await newMember(page, '1000');
  await bindBankCard(page, member);
  await page.goto('/#/withdrawal');
  await page.getByRole('tab', { name: '银行卡' }).click();
  await page.getByRole('button', { name: '选择银行卡' }).click();
  await page.getByRole('dialog', { name: '选择银行卡' }).getByRole('radio', { name: /4321$/ }).click();
  await page.getByPlaceholder('请输入取款金额').fill('200');
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await page.getByRole('button', { name: '立即取款' }).click();

  const phone = page.getByRole('dialog', { name: '绑定手机号' });
  await expect(phone).toBeVisible();
  await phone.getByPlaceholder('请输入手机号').fill('13800138000');
  await phone.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByText('手机号绑定成功')).toBeVisible();
  // The withdrawal is sent again by itself after 1 s, then the records after 1.5 s.
  await expect(page.getByText('提交成功，等待后台审核')).toBeVisible({ timeout: 8_000 });
  await expect(page).toHaveURL(/#\/transRecord/, { timeout: 8_000 });
  await page.getByRole('button', { name: '取款', exact: true }).click();
  const records = page.getByRole('list', { name: '交易记录' });
  await expect(records.getByText('200.00')).toBeVisible();
  await expect(records.getByText('审核中')).toBeVisible();
  await page.goto('/#/');
  await expect(page.getByTestId('header-balance')).toHaveText('800.00');
});

test('a double tap on 立即取款 makes one withdrawal', async ({ page }) => {
  const member = await newMember(page, '1000');
  await bindBankCard(page, member);
  const bound = await api(page, member, '/api/auth/updateuserinfo', { mobile: '13900139000' });
  expect(bound.code, bound.message).toBe(200);
  await page.reload();

  await page.goto('/#/withdrawal');
  await page.getByRole('tab', { name: '银行卡' }).click();
  await page.getByRole('button', { name: '选择银行卡' }).click();
  await page.getByRole('dialog', { name: '选择银行卡' }).getByRole('radio', { name: /4321$/ }).click();
  await page.getByPlaceholder('请输入取款金额').fill('100');
  await page.getByPlaceholder('请输入支付密码').fill(member.password);
  await page.getByRole('button', { name: '立即取款' }).dblclick();
  await expect(page.getByText('提交成功，等待后台审核')).toBeVisible();

  const records = await api(page, member, '/api/gettransrecord', { date: 4, type: 2, page: 1 });
  expect((records.data as { total: number }).total).toBe(1);
  await page.goto('/#/');
  await expect(page.getByTestId('header-balance')).toHaveText('900.00');
});
