import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { consoleAgentStatementPay, consoleAgentStatements } from '@app/contract/console-agents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import { operator, STATEMENT } from './agents-fixtures';
import StatementsScreen from './StatementsScreen';

const b = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const button = (root: HTMLElement, label: RegExp) => {
  const found = within(root).getByText(label).closest('button');
  if (!found) throw new Error(`no button ${String(label)}`);
  return found;
};

describe('StatementsScreen', () => {
  it('lists the statements to pay; 全部 asks for every state; 详情 shows the figures and deductions', async () => {
    const seen: Record<string, unknown>[] = [];
    server.use(
      answer(consoleAgentStatements, (q) => {
        seen.push(q);
        return { items: [STATEMENT], total: 1 };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<StatementsScreen />, { operator: operator('finance') });
    const row = await rowOf('#31');
    expect(row).toHaveTextContent('2026-07-01 至 2026-07-31');
    expect(row).toHaveTextContent('¥148.20');
    expect(within(row).getByText('待发放')).toBeInTheDocument();
    expect(within(row).getByText('集中')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ state: 'draft', page: '1' });

    await user.click(screen.getByText('全部'));
    await waitFor(() => expect(seen.at(-1)).not.toHaveProperty('state'));

    await user.click(button(row, b('详情')));
    const detail = await screen.findByRole('dialog');
    expect(detail).toHaveTextContent('账单 #31：topagent');
    expect(detail).toHaveTextContent('单一会员占本期输赢的 62.00%');
    const cell = (label: string) =>
      within(detail).getByText(label).closest('th')?.nextElementSibling?.textContent;
    expect(cell('返水')).toBe('¥7.00');
    expect(cell('活动红利')).toBe('¥15.00');
    expect(cell('手续费')).toBe('¥12.00');
    expect(cell('成本分摊比例')).toBe('20.00%');
    expect(cell('承担成本')).toBe('−¥6.80');
    expect(cell('上期结转')).toBe('¥-20.00');
    expect(cell('应发佣金')).toBe('¥148.20');
    expect(cell('达到档位')).toBe('档位 1');
    const line = within(detail).getByText('真人').closest('tr') as HTMLElement;
    expect(line).toHaveTextContent('¥8,000.00');
    expect(line).toHaveTextContent('25.00%');
    expect(line).toHaveTextContent('¥175.00');
  }, 40_000);

  it('财务 发放 files the payment for a second 财务 and says so; a waiting one cannot be filed again', async () => {
    const sent: unknown[] = [];
    let waiting = false;
    server.use(
      answer(consoleAgentStatements, () => ({ items: [{ ...STATEMENT, waiting }], total: 1 })),
      answerTicket(
        consoleAgentStatementPay,
        { review_id: 8, summary: '发放代理 topagent 的佣金 148.20 元' },
        reviewSubmittedMessage('agent.payStatement'),
        sent as never[],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<StatementsScreen />, { operator: operator('finance') });
    const row = await rowOf('#31');
    await user.click(button(row, b('发放')));
    expect(await screen.findByText(/提交后需另一位财务复核/)).toBeInTheDocument();
    waiting = true;
    await user.click(button(document.body, /提交复核/));
    expect(await screen.findByText(reviewSubmittedMessage('agent.payStatement'))).toBeInTheDocument();
    expect(sent).toEqual([{ id: 31 }]);
    const after = await rowOf('#31');
    expect(await within(after).findByText('待复核')).toBeInTheDocument();
    expect(within(after).queryByText(b('发放'))).not.toBeInTheDocument();
  }, 40_000);

  it('运营 reads statements without paying them; a failed read offers 重试', async () => {
    server.use(answer(consoleAgentStatements, { items: [STATEMENT], total: 1 }));
    const view = renderScreen(<StatementsScreen />, { operator: operator('content') });
    const row = await rowOf('#31');
    expect(within(row).queryByText(b('发放'))).not.toBeInTheDocument();
    view.unmount();
    server.use(
      answer(consoleAgentStatements, { refuse: { status: 500, message: '服务器繁忙，请稍后再试' } }),
    );
    renderScreen(<StatementsScreen />, { operator: operator('finance') });
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
  }, 40_000);
});
