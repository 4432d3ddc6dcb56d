import {
  consoleAgentAssign,
  consoleAgentPlans,
  consoleAgents,
  consoleAgentStatus,
} from '@app/contract/console-agents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { CHILD, operator, PLAN, TOP } from './agents-fixtures';
import AgentsScreen from './AgentsScreen';

/** The tree: top agents, the sub-agents of 10, or a search (each request kept in `seen`). */
function serveTree(seen: Record<string, unknown>[] = []) {
  return answer(consoleAgents, (q) => {
    seen.push(q);
    if (String(q.parent_id) === '10') return { items: [CHILD], total: 1 };
    if (q.q) return { items: [CHILD], total: 1 };
    return { items: [TOP], total: 1 };
  });
}
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const b = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);

describe('AgentsScreen', () => {
  it('shows the top agents; a row opens onto its sub-agents, whose standing follows the upline', async () => {
    const seen: Record<string, unknown>[] = [];
    server.use(serveTree(seen));
    renderScreen(<AgentsScreen />, { operator: operator('content') });
    const top = await rowOf('topagent');
    expect(within(top).getByText('停用')).toBeInTheDocument();
    expect(within(top).getByText('未分配')).toBeInTheDocument();
    await userEvent.click(within(top).getByRole('button', { name: '展开行' }));
    const child = await rowOf('childagent');
    expect(within(child).getByText('停用（随上级）')).toBeInTheDocument();
    expect(seen).toContainEqual(expect.objectContaining({ parent_id: '10' }));

    await userEvent.type(screen.getByRole('searchbox', { name: '搜索代理' }), 'child{Enter}');
    await waitFor(() => expect(seen).toContainEqual(expect.objectContaining({ q: 'child' })));
    expect(await screen.findByText(/整棵代理树中用户名以此开头/)).toBeInTheDocument();
  }, 40_000);

  it('运营 assigns a plan, and freezes an agent with a reason', async () => {
    const sent: unknown[] = [];
    server.use(
      serveTree(),
      answer(consoleAgentPlans, { plans: [PLAN] }),
      answer(consoleAgentAssign, (v) => {
        sent.push(v);
        return { ...TOP, plan: { id: PLAN.id, name: PLAN.name } };
      }),
      answer(consoleAgentStatus, (v) => {
        sent.push(v);
        return { ...TOP, status: 'frozen' as const, effective_status: 'frozen' as const };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<AgentsScreen />, { operator: operator('content') });
    const top = await rowOf('topagent');
    await user.click(within(top).getByRole('button', { name: '分配方案' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: '佣金方案' }));
    await user.click(await screen.findByTitle('月结负盈利（负盈利分成 · 月结）'));
    await user.click(within(dialog).getByRole('button', { name: b('分配') }));
    await waitFor(() => expect(sent).toEqual([{ id: 10, plan_id: 4 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A suspended agent may be restored or frozen (not suspended again).
    expect(within(top).queryByRole('button', { name: b('停用') })).not.toBeInTheDocument();
    await user.click(within(top).getByRole('button', { name: b('冻结') }));
    const freeze = await screen.findByRole('dialog');
    expect(freeze).toHaveTextContent('其全部下级代理一并冻结');
    await user.click(within(freeze).getByRole('button', { name: '确认冻结' }));
    expect(await within(freeze).findByText('请填写原因')).toBeInTheDocument();
    await user.type(within(freeze).getByLabelText('冻结原因'), '涉嫌对冲套利');
    await user.click(within(freeze).getByRole('button', { name: '确认冻结' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ id: 10, status: 'frozen', reason: '涉嫌对冲套利' }));
  }, 40_000);

  it('客服 reads the tree only; a failed read offers 重试', async () => {
    server.use(serveTree());
    const view = renderScreen(<AgentsScreen />, { operator: operator('support') });
    const top = await rowOf('topagent');
    expect(within(top).queryByRole('button', { name: '分配方案' })).not.toBeInTheDocument();
    expect(within(top).queryByRole('button', { name: b('冻结') })).not.toBeInTheDocument();
    view.unmount();

    server.use(answer(consoleAgents, { refuse: { status: 500, message: '服务器繁忙，请稍后再试' } }));
    renderScreen(<AgentsScreen />, { operator: operator('risk') });
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: b('重试') })).toBeInTheDocument();
  }, 40_000);
});
