import { agentOverview } from '@app/contract/agent-office';
import { screen, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { OVERVIEW, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp } from './render';

/** The value of a labelled figure or row. */
function valueOf(region: HTMLElement, label: string): string {
  const term = within(region).getByText(label);
  return term.nextElementSibling?.textContent ?? '';
}

describe('概览', () => {
  it('shows a skeleton while it loads', async () => {
    server.use(
      replyWith(agentOverview, async () => {
        await delay(300);
        return OVERVIEW;
      }),
    );
    renderApp('/', { token: TOKEN });
    expect(await screen.findByRole('status', { name: '概览加载中' })).toBeInTheDocument();
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
  });

  it("shows this period's estimate: tier, net loss, costs, carried forward and the payable amount", async () => {
    renderApp('/', { token: TOKEN });
    const hero = await screen.findByRole('region', { name: '本期预估' });
    expect(within(hero).getByText('477.00')).toBeInTheDocument();
    expect(within(hero).getByText('统计周期：2026-11-01 至 2026-11-30')).toBeInTheDocument();
    expect(within(hero).getByText('标准负盈利方案 · 负盈利分成 · 月结')).toBeInTheDocument();

    const estimate = screen.getByRole('region', { name: '本期估算' });
    expect(valueOf(estimate, '当前档位')).toBe('第2档');
    expect(valueOf(estimate, '活跃会员')).toBe('5 / 12 人');
    expect(valueOf(estimate, '负盈利（团队输赢）')).toBe('2,200.00');
    expect(valueOf(estimate, '成本扣除')).toBe('-63.00');
    expect(valueOf(estimate, '上期结转')).toBe('-120.00');
    expect(valueOf(estimate, '预估可发放')).toBe('477.00');
  });

  it('shows the team and the totals', async () => {
    renderApp('/', { token: TOKEN });
    const team = await screen.findByRole('region', { name: '团队' });
    expect(valueOf(team, '活跃会员')).toBe('5');
    expect(valueOf(team, '直属会员')).toBe('12');
    expect(valueOf(team, '下级代理')).toBe('2');
    expect(valueOf(team, '团队人数')).toBe('30');
    expect(valueOf(team, '今日新增')).toBe('1');
    const totals = screen.getByRole('region', { name: '累计' });
    expect(valueOf(totals, '待抵扣亏损')).toBe('-120.00');
    expect(valueOf(totals, '累计已发放')).toBe('3,500.00');
  });

  it('without a plan: says so instead of figures', async () => {
    server.use(
      reply(agentOverview, { ...OVERVIEW, plan: null, period: null, estimate: null, status: 'suspended' }),
    );
    renderApp('/', { token: TOKEN });
    expect(await screen.findByText('尚未分配佣金方案，请联系客服')).toBeInTheDocument();
    expect(screen.getByText('本期暂无数据，分配佣金方案后开始统计')).toBeInTheDocument();
    expect(screen.getByText('停用')).toBeInTheDocument();
  });

  it('a failure shows the message and 重试 reads again', async () => {
    server.use(fail(agentOverview, 500, '服务器开小差了'));
    const { user } = renderApp('/', { token: TOKEN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务器开小差了');
    server.use(reply(agentOverview, OVERVIEW));
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
  });
});
