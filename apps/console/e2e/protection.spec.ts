/* 责任博彩 on the member page: a member sets a weekly loss limit; a 客服 sees it with its use and
 * history, tightens it (the member's own record says who), and the member reads the site message. */
import { consoleMembers } from '@app/contract/console-members';
import { consoleApi, expect, memberApi, shot, test } from './fixtures';

test('客服 sees a member’s limit and its history, and tightens it; the member is told', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  const set = await memberApi(memberPage, member, '/api/protection/limit', {
    kind: 'loss',
    period: 'week',
    amount: '800',
  });
  expect(set.code, set.message).toBe(200);
  const support = await operatorPage('support');
  const found = (await consoleApi(support, consoleMembers, { q: member.name })).data as {
    items: { id: number; name: string }[];
  };
  const id = found.items.find((m) => m.name === member.name)?.id ?? 0;

  await support.goto(`/members/${id}`);
  await support.getByRole('tab', { name: '责任博彩' }).click();
  const limits = support.getByRole('region', { name: '限额', exact: true });
  await expect(limits.locator('tr', { hasText: '每7天亏损限额' })).toContainText('800.00');

  const form = support.getByRole('form', { name: '收紧限额' });
  await form.getByRole('combobox', { name: '类型' }).click();
  await support.getByTitle('亏损限额').click();
  await form.getByRole('combobox', { name: '周期' }).click();
  await support.getByTitle('每7天').click();
  await form.getByLabel('金额').fill('900');
  await form.getByRole('button', { name: '收紧限额' }).click();
  await expect(support.getByText('只能收紧会员的限额（新设或调低）')).toBeVisible();
  await form.getByLabel('金额').fill('300');
  await form.getByRole('button', { name: '收紧限额' }).click();
  await expect(support.getByText('限额已收紧，已通知会员')).toBeVisible();
  await expect(limits.locator('tr', { hasText: '每7天亏损限额' })).toContainText('300.00');
  const history = support.getByRole('region', { name: '限额变更记录' });
  await expect(history.locator('tr', { hasText: '运营收紧' })).toContainText('300.00');
  await expect(history.locator('tr', { hasText: '新设' })).toContainText('会员本人');
  await shot(support, 'member-protection');

  // The report, from the menu: members near a limit and breaks per day.
  await support.getByRole('menu').getByText('报表').click();
  await support.getByRole('menu').getByText('责任博彩').click();
  await expect(support.getByRole('heading', { name: '责任博彩报表' })).toBeVisible();
  await expect(support.getByRole('region', { name: '暂停与自我排除' }).getByRole('row')).toHaveCount(31);
  await shot(support, 'protection-report');

  const list = await memberApi(memberPage, member, '/api/messageList', { page: 1 });
  const titles = (list.data as { data: { title: string }[] }).data.map((m) => m.title);
  expect(titles).toContain('您的限额已调整');
});
