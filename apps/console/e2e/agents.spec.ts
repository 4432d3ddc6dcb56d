/* Issue 33, 代理管理: 运营 creates a turnover plan, assigns it to a new agent found in the tree,
 * suspends and restores it with a reason; the agent's downline member deposits and bets, and the
 * report shows it; 财务 reads the statements (a statement needs its period to end: the server's
 * tests build and pay them with a moved clock). Screenshots at 1280×800 go to /tmp/shots/agents/. */
import { consoleAgents, type AgentView } from '@app/contract/console-agents';
import { opsApproveDeposit, opsRecordBet } from '@app/contract/ops-money';
import { opsApproveAgent } from '@app/contract/ops-promo';
import type { Page } from '@playwright/test';
import {
  consoleApi,
  expect,
  MEMBER_URL,
  newUsername,
  opsApi,
  pendingDeposit,
  test,
  type Member,
} from './fixtures';

const shot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/shots/agents/${name}.png` });
};

/** A member registered through the agent's link (pid): its level-1 downline. */
async function downlineMember(page: Page, pid: number): Promise<Member> {
  const name = newUsername('d');
  const password = 'secret123';
  const r = await page.request.post(`${MEMBER_URL}/api/register`, {
    data: { name, password, confirmPass: password, paypassword: password, code: 'ok', pid },
  });
  const body = (await r.json()) as { code: number; message: string; data: { api_token: string } };
  expect(body.code, body.message).toBe(200);
  return { name, password, token: body.data.api_token };
}

test('运营 creates a plan, assigns it, suspends and restores the agent; the report shows its downline', async ({
  operatorPage,
  member,
}) => {
  test.setTimeout(150_000);
  await opsApi(opsApproveAgent, { username: member.name });
  const content = await operatorPage('content');
  await content.setViewportSize({ width: 1280, height: 800 });
  const planName = `流水返佣${Date.now().toString(36).slice(-5)}`;

  // 佣金方案: a turnover plan, 0.30 % of 真人 and 0.20 % of 彩票.
  await content.goto('/agents/plans');
  await content.getByRole('button', { name: '新建方案' }).click();
  const drawer = content.getByRole('dialog');
  await drawer.getByLabel('方案名称').fill(planName);
  await drawer.getByText('日结').click();
  await drawer.getByText('流水返佣', { exact: true }).click();
  await drawer.getByLabel('真人返佣比例').fill('0.5');
  await drawer.getByRole('button', { name: /保\s?存/ }).click();
  await expect(drawer.getByRole('alert')).toContainText('真人返佣最高 0.40%');
  await drawer.getByLabel('真人返佣比例').fill('0.3');
  await drawer.getByLabel('彩票返佣比例').fill('0.2');
  await drawer.getByLabel('佣金打码倍数').fill('3');
  await shot(content, 'plan-form');
  await drawer.getByRole('button', { name: /保\s?存/ }).click();
  await expect(content.getByText('佣金方案已创建')).toBeVisible();
  const planRow = content.locator('tr', { hasText: planName });
  await expect(planRow).toContainText('真人 0.30% · 彩票 0.20%');
  await expect(planRow).toContainText('3 倍');
  await shot(content, 'plans');

  // 代理列表: found by name, assigned the plan.
  await content.goto('/agents');
  await content.getByRole('searchbox', { name: '搜索代理' }).fill(member.name);
  await content.getByRole('searchbox', { name: '搜索代理' }).press('Enter');
  const row = content.locator('tr', { hasText: member.name });
  await expect(row).toContainText('未分配');
  await row.getByRole('button', { name: '分配方案' }).click();
  const assign = content.getByRole('dialog');
  await assign.getByRole('combobox', { name: '佣金方案' }).click();
  await content.getByTitle(`${planName}（流水返佣 · 日结）`).click();
  await assign.getByRole('button', { name: /分\s?配/ }).click();
  await expect(content.getByText(`已分配佣金方案「${planName}」`)).toBeVisible();
  await expect(row).toContainText(planName);

  await row.getByRole('button', { name: /停\s?用/ }).click();
  const suspend = content.getByRole('dialog');
  await suspend.getByLabel('停用原因').fill('推广素材违规');
  await suspend.getByRole('button', { name: '确认停用' }).click();
  await expect(content.getByText('代理已停用，其下级代理一并停用')).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('停用');
  await shot(content, 'agents');
  await row.getByRole('button', { name: /恢\s?复/ }).click();
  const restore = content.getByRole('dialog');
  await restore.getByLabel('恢复原因').fill('已整改');
  await restore.getByRole('button', { name: '确认恢复' }).click();
  await expect(row.locator('.ant-tag')).toHaveText('正常');

  // A downline member deposits and bets; the report shows it against the agent.
  const found = await consoleApi(content, consoleAgents, { q: member.name });
  const agentId = (found.data as { items: AgentView[] }).items[0]?.id ?? 0;
  const downline = await downlineMember(content, agentId);
  await opsApi(opsApproveDeposit, { deposit_no: await pendingDeposit(content, downline, '500') });
  await opsApi(opsRecordBet, { username: downline.name, platform: 'AG', amount: '3000' });
  await content.goto('/agents/report');
  const reportRow = content.locator('tr', { hasText: member.name });
  await expect(reportRow).toContainText('¥500.00');
  await expect(reportRow).toContainText('¥3,000.00');
  await shot(content, 'report');

  // 财务: the statements (none yet for this agent: its first day has not ended).
  const finance = await operatorPage('finance');
  await finance.goto('/agents/statements');
  await expect(finance.locator('.ant-card-head-title', { hasText: '代理账单' })).toBeVisible();
  await finance.getByText('全部', { exact: true }).click();
  await shot(finance, 'statements');
});
