/* 群发消息 journey: a 客服 tags a fresh member, saves the filter as a segment from 会员管理, sends a site
 * message to it now (the member reads it in their message centre), then schedules one for tomorrow
 * and cancels it before it goes. The tag is unique per run, so the segment holds this member alone. */
import { consoleCreateMemberTag, consoleTagMembers } from '@app/contract/console-annotations';
import { consoleMembers } from '@app/contract/console-members';
import { consoleApi, expect, memberApi, shot, test } from './fixtures';

test('客服 saves a tag filter as a segment, sends it a message now and cancels a scheduled one', async ({
  operatorPage,
  member,
  memberPage,
}) => {
  const support = await operatorPage('support');
  const run = Date.now().toString(36).slice(-6);
  const tagName = `群发${run}`;
  const tag = (await consoleApi(support, consoleCreateMemberTag, { name: tagName, color: '#1677ff' }))
    .data as { id: number };
  const found = (await consoleApi(support, consoleMembers, { q: member.name })).data as {
    items: { id: number; name: string }[];
  };
  const id = found.items.find((m) => m.name === member.name)?.id ?? 0;
  await consoleApi(support, consoleTagMembers, { member_ids: [id], tag_ids: [tag.id] });

  // 会员管理: 保存为分群 is disabled until a filter is set.
  await support.goto('/members');
  await expect(support.getByRole('button', { name: '保存为分群' })).toBeDisabled();
  await support.getByRole('button', { name: /更多筛选/ }).click();
  await support.getByRole('combobox', { name: '标签' }).click();
  await support.getByTitle(tagName).click();
  await support
    .getByRole('form', { name: '更多筛选' })
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(support.getByRole('link', { name: member.name })).toBeVisible();
  await support.getByRole('button', { name: '保存为分群' }).click();
  const save = support.getByRole('dialog', { name: '保存为分群' });
  await save.getByLabel('分群名称').fill(`分群${run}`);
  await save.getByRole('button', { name: /保\s*存/ }).click();
  await expect(support.getByText(`已保存分群“分群${run}”（当前 1 人）`)).toBeVisible();

  // 群发消息: the segment with its filter in words; send now after confirming.
  await support.goto('/content/bulk-messages');
  const segmentRow = support.locator('tr', { hasText: `分群${run}` });
  await expect(segmentRow).toContainText(`标签：${tagName}`);
  await support.getByRole('combobox', { name: '分群' }).click();
  await support.getByTitle(`分群${run}（1 人）`).click();
  await support.getByLabel('标题').fill(`周末活动${run}`);
  await support.getByLabel('内容').fill('本周末存款加赠 <b>10%</b>');
  await support.getByRole('button', { name: /^发\s*送$/ }).click();
  await support
    .getByRole('dialog')
    .getByRole('button', { name: /^发\s*送$/ })
    .click();
  const sent = support.locator('tr', { hasText: `周末活动${run}` });
  await expect(sent).toContainText('已发送');
  await expect(sent.locator('td').filter({ hasText: /^1$/ })).toHaveCount(1);

  // The member reads it: once, as text (the markup is not made bold).
  const list = await memberApi(memberPage, member, '/api/messageList', { page: 1 });
  const items = (list.data as { data: { title: string; content: string }[] }).data;
  expect(items.filter((m) => m.title === `周末活动${run}`)).toHaveLength(1);
  await memberPage.goto('/#/message?type=3');
  const mine = memberPage.locator('.ct-message', { hasText: `周末活动${run}` });
  await expect(mine).toContainText('本周末存款加赠 <b>10%</b>');
  await expect(mine.locator('b')).toHaveCount(0);

  // Scheduled for tomorrow at 10:00, then cancelled: it never goes.
  const tomorrow = await support.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await support.getByRole('combobox', { name: '分群' }).click();
  await support.getByTitle(`分群${run}（1 人）`).click();
  await support.getByLabel('标题').fill(`明日提醒${run}`);
  await support.getByLabel('内容').fill('明天见');
  await support.getByLabel('发送时间').fill(`${tomorrow} 10:00`);
  await support.getByRole('button', { name: /确\s*定/ }).click();
  await support.getByRole('button', { name: '定时发送' }).click();
  const later = support.locator('tr', { hasText: `明日提醒${run}` });
  await expect(later).toContainText('待发送');
  await expect(later).toContainText(`${tomorrow} 10:00`);
  await shot(support, 'bulk-messages');
  await later.getByRole('button', { name: /取\s*消/ }).click();
  await support.getByRole('button', { name: '取消发送' }).click();
  await expect(later).toContainText('已取消');
  await expect(later.getByRole('button', { name: /取\s*消/ })).toHaveCount(0);
});
