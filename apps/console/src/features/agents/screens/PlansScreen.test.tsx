import { msgTurnoverRateMax } from '@app/contract/agent-plans';
import { consoleAgentPlans, consoleAgentPlanSave } from '@app/contract/console-agents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { operator, PLAN, ZERO } from './agents-fixtures';
import PlansScreen from './PlansScreen';

const b = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);
/** The open drawer (found by its class: role queries are slow over a form this size). */
const drawer = () =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>('.ant-drawer');
    if (!d) throw new Error('no drawer');
    return d;
  });
const button = (within_: HTMLElement, label: RegExp) => {
  const found = within(within_).getByText(label).closest('button');
  if (!found) throw new Error(`no button ${String(label)}`);
  return found;
};
/** Types `value` into a text field (replacing what it held). */
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('PlansScreen', () => {
  it('lists the templates with their tiers; a new net-loss plan is sent in basis points', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      answer(consoleAgentPlans, { plans: [PLAN] }),
      answer(consoleAgentPlanSave, (v) => {
        sent.push(v as Record<string, unknown>);
        return { ...PLAN, id: 5, name: String(v.name) };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<PlansScreen />, { operator: operator('content') });
    const row = (await screen.findByText('月结负盈利')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('档位1：负盈利 ≥ ¥0.00，活跃 ≥ 3 人');
    expect(row).toHaveTextContent('真人 25.00%，成本分摊 20.00%');
    expect(within(row).getByText('2')).toBeInTheDocument(); // agents on it

    await user.click(button(document.body, /新建方案/));
    const form = await drawer();
    fill(within(form).getByLabelText('方案名称'), '周结负盈利');
    await user.click(within(form).getByText('周结'));
    fill(within(form).getByLabelText('真人分成（档位 1）'), '30');
    fill(within(form).getByLabelText('档位 1 成本分摊'), '12.5');
    await user.click(within(form).getByLabelText('红包'));
    await user.click(button(form, b('保存')));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: '周结负盈利',
      kind: 'net_loss',
      period: 'weekly',
      tiers: [{ min_profit: '0', min_active: 0, rates: { ...ZERO, realperson: 3000 }, cost_share: 1250 }],
      deduct_rebates: true,
      deduct_bonuses: true,
      deduct_red_packets: false,
      turnover_rates: ZERO,
    });
    expect(sent[0]).not.toHaveProperty('id');
  }, 60_000);

  it('shows the contract’s message before sending, and the server’s refusal; an edit sends its id', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      answer(consoleAgentPlans, { plans: [PLAN] }),
      answer(consoleAgentPlanSave, (v) => {
        sent.push(v as Record<string, unknown>);
        return sent.length === 1 ? { refuse: { status: 409, message: '方案名称已存在' } } : PLAN;
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<PlansScreen />, { operator: operator('content') });
    const row = (await screen.findByText('月结负盈利')).closest('tr') as HTMLElement;
    await user.click(button(row, b('编辑')));
    const form = await drawer();
    expect(form).toHaveTextContent('编辑方案：月结负盈利');
    expect(within(form).getByLabelText('真人分成（档位 2）')).toHaveValue('40');
    await user.click(within(form).getByText('流水返佣'));
    const rate = within(form).getByLabelText('真人返佣比例');
    fill(rate, '0.5');
    await user.click(button(form, b('保存')));
    expect(await within(form).findByText(msgTurnoverRateMax('realperson'))).toBeInTheDocument();
    expect(sent).toEqual([]);

    fill(rate, '0.3');
    await user.click(button(form, b('保存')));
    expect(await within(form).findByText('方案名称已存在')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      id: 4,
      kind: 'turnover',
      tiers: [],
      turnover_rates: { ...ZERO, realperson: 30 },
    });
  }, 60_000);

  it('风控 reads the templates without editing them', async () => {
    server.use(answer(consoleAgentPlans, { plans: [PLAN] }));
    renderScreen(<PlansScreen />, { operator: operator('risk') });
    await screen.findByText('月结负盈利');
    expect(screen.queryByRole('button', { name: /新建方案/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: b('编辑') })).not.toBeInTheDocument();
  });
});
