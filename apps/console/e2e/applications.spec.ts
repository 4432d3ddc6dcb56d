/* Issue 27, 申请审核: an activity application shows its rule's turnover basis and weights and the
 * turnover the bonus adds; the bonus may be lowered, never raised above the rule's figure; once a
 * deposit has paid one bonus, another application on the same deposit shows why it cannot be paid,
 * across the row. Screenshots go to /tmp/shots/applications/. */
import { opsApproveDeposit } from '@app/contract/ops-money';
import type { Page } from '@playwright/test';
import { expect, memberApi, opsApi, pendingDeposit, test } from './fixtures';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/applications/${name}.png`, fullPage: true });

test('a deposit pays one bonus: the second application on it shows why it cannot be paid', async ({
  operatorPage,
  member,
}) => {
  const content = await operatorPage('content');
  const depositNo = await pendingDeposit(content, member, '1000');
  await opsApi(opsApproveDeposit, { deposit_no: depositNo });
  const list = await memberApi(content, member, '/api/activitylist');
  const listed = (list.data as { data: { id: number; title: string }[] }).data;
  const idOf = (title: string) => {
    const found = listed.find((a) => a.title === title);
    if (!found) throw new Error(`no activity ${title}`);
    return found.id;
  };
  for (const title of ['新会员首存送 38%', 'USDT 存款加赠 2%']) {
    const r = await memberApi(content, member, '/api/doactivityapply', { activityid: idOf(title) });
    expect(r.code, r.message).toBe(200);
  }

  await content.goto('/applications/activity');
  const row = (title: string) => content.locator('tr', { hasText: member.name }).filter({ hasText: title });
  const first = row('新会员首存送 38%');
  await expect(first).toContainText('首笔存款 × 38%，上限 ¥888.00');
  await expect(first).toContainText('最低存款 ¥100.00 · 不限存款方式 · （存款 + 彩金）× 15 倍流水');
  await expect(first).toContainText('流水计入：彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入');
  await expect(first).toContainText('¥380.00');
  await expect(first).toContainText('流水 +¥20,700.00');
  const usdt = row('USDT 存款加赠 2%');
  await expect(usdt).toContainText('限USDT存款 · （存款 + 彩金）× 2 倍流水');
  await expect(usdt).toContainText('流水 +¥2,040.00');
  await shot(content, 'activity-applications');

  await usdt.getByRole('button', { name: /通\s?过/ }).click();
  const dialog = content.getByRole('dialog');
  const amount = dialog.getByLabel('彩金金额（元）');
  await expect(amount).toHaveValue('20.00');
  await expect(
    dialog.getByText(
      '可按规则金额或更低金额发放，不能高于 ¥20.00。将增加流水 ¥2,040.00，即（存款 ¥1,000.00 + 彩金）× 2 倍',
    ),
  ).toBeVisible();
  await amount.fill('25');
  await dialog.getByRole('button', { name: '确认发放' }).click();
  await expect(dialog.getByText('按活动规则该会员的彩金最多 20.00 元')).toBeVisible();
  await shot(content, 'approve-over-rule');
  await amount.fill('20');
  await dialog.getByRole('button', { name: '确认发放' }).click();
  await expect(content.getByText('已通过，彩金 ¥20.00 已发放')).toBeVisible();

  // The deposit has paid a bonus: the first-deposit application on it cannot be paid, and says why.
  await expect(first).toContainText('不能发放（见下）');
  const refusal = '该会员的这笔存款已领取过其他优惠彩金（每笔存款限一个优惠）';
  await expect(content.locator('tr.ant-table-expanded-row', { hasText: refusal })).toBeVisible();
  await shot(content, 'activity-applications-refused');
});
