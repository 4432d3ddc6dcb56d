import { agentStatements } from '@app/contract/agent-office';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { FIGURES, STATEMENT, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

const PAID = {
  ...STATEMENT,
  id: 6,
  period_start: '2026-09-01 00:00:00',
  period_end: '2026-10-01 00:00:00',
  state: 'paid' as const,
  payable: '1200.00',
  paid_at: '2026-10-03 11:00:00',
};
const NIL = {
  ...STATEMENT,
  id: 5,
  period_start: '2026-08-01 00:00:00',
  period_end: '2026-09-01 00:00:00',
  state: 'nil' as const,
  payable: '0.00',
  figures: { ...FIGURES, result: -5000, payable: 0, carry_out: -5000 },
};

/** The value of a labelled row. */
function valueOf(region: HTMLElement, label: string): string {
  return within(region).getByText(label).nextElementSibling?.textContent ?? '';
}

describe('佣金账单', () => {
  it('lists the statements with their state, period, plan and payable amount', async () => {
    server.use(reply(agentStatements, { data: [STATEMENT, PAID, NIL], total: 3, last_page: 1 }));
    renderApp('/statements', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '佣金账单' });
    const [draft, paid, nil] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(draft).toHaveTextContent('2026-10-01 至 2026-10-31');
    expect(draft).toHaveTextContent('待发放');
    expect(draft).toHaveTextContent('标准负盈利方案 · 负盈利分成');
    expect(draft).toHaveTextContent('477.00');
    expect(draft).toHaveTextContent('等待财务审核发放');
    expect(paid).toHaveTextContent('已发放');
    expect(paid).toHaveTextContent('1,200.00');
    expect(paid).toHaveTextContent('发放时间 2026-10-03 11:00');
    expect(nil).toHaveTextContent('无佣金');
    expect(nil).toHaveTextContent('本期无佣金');
  });

  it("opens a statement's detail: per-category lines, deductions, carried in, tier, payable, state", async () => {
    const { user, location } = renderApp('/statements', { token: TOKEN });
    await user.click(await screen.findByRole('link', { name: '账单 2026-10-01 至 2026-10-31' }));
    expect(await screen.findByRole('heading', { name: '账单详情' })).toBeInTheDocument();
    expect(location()).toBe('/statement?id=7');

    const head = await screen.findByRole('region', { name: '账单' });
    expect(head).toHaveTextContent('待发放');
    expect(head).toHaveTextContent('标准负盈利方案 · 负盈利分成 · 第2档');
    expect(head).toHaveTextContent('477.00');
    expect(head).toHaveTextContent('尚未发放');

    const lines = within(screen.getByRole('region', { name: '分类明细' })).getAllByRole('row');
    expect(lines.map((r) => r.textContent)).toEqual([
      '类别有效投注负盈利佣金',
      '彩票30.00%10,000.002,500.00750.00',
      '真人30.00%4,800.00-300.00-90.00',
    ]);

    const costs = screen.getByRole('region', { name: '成本扣除' });
    expect(valueOf(costs, '会员返水')).toBe('80.00');
    expect(valueOf(costs, '优惠红利')).toBe('100.00');
    expect(valueOf(costs, '红包')).toBe('20.00');
    expect(valueOf(costs, '存取款手续费')).toBe('10.00');
    expect(valueOf(costs, '成本合计')).toBe('210.00');
    expect(valueOf(costs, '承担比例')).toBe('30.00%');
    expect(valueOf(costs, '承担成本')).toBe('63.00');

    const result = screen.getByRole('region', { name: '结算' });
    expect(valueOf(result, '佣金小计')).toBe('660.00');
    expect(valueOf(result, '成本扣除')).toBe('-63.00');
    expect(valueOf(result, '上期结转')).toBe('-120.00');
    expect(valueOf(result, '本期结果')).toBe('477.00');
    expect(valueOf(result, '档位')).toBe('第2档');
    expect(valueOf(result, '应发佣金')).toBe('477.00');
  });

  it('a statement opened directly is found on a later page', async () => {
    const pages: unknown[] = [];
    server.use(
      replyWith(agentStatements, async (request) => {
        const { page } = await bodyOf(request);
        pages.push(page);
        return page === 1
          ? { data: [STATEMENT], total: 2, last_page: 2 }
          : { data: [NIL], total: 2, last_page: 2 };
      }),
    );
    renderApp('/statement?id=5', { token: TOKEN });
    const result = await screen.findByRole('region', { name: '结算' });
    expect(valueOf(result, '结转下期')).toBe('-50.00');
    expect(valueOf(result, '应发佣金')).toBe('0.00');
    expect(pages).toEqual([1, 2]);
  });

  it('an unknown statement says so', async () => {
    renderApp('/statement?id=999', { token: TOKEN });
    expect(await screen.findByText('账单不存在')).toBeInTheDocument();
  });

  it('empty and failed lists', async () => {
    server.use(reply(agentStatements, { data: [], total: 0 }));
    const { unmount } = renderApp('/statements', { token: TOKEN });
    expect(await screen.findByText('暂无账单，周期结束后生成')).toBeInTheDocument();
    unmount();
    server.use(fail(agentStatements, 500, '服务器异常，请稍后再试'));
    renderApp('/statements', { token: TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器异常，请稍后再试');
  });
});
