import {
  consoleActivityApplications,
  consoleAgentApplications,
  consoleApproveActivity,
  consoleApproveAgent,
  consoleRejectActivity,
  type ActivityApplication,
  type AgentApplication,
} from '@app/contract/console-applications';
import type { ConsoleSession } from '@app/contract/console-auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { sessionQuery } from '@/shared/session';
import ActivityApplicationsScreen from './ActivityApplicationsScreen';
import AgentApplicationsScreen from './AgentApplicationsScreen';

/** A button's name: antd spaces out two-character labels (通 过). */
const b = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);
/** The button labelled `label` (found by its text: role queries are slow on antd's tables). */
function button(container: HTMLElement, label: string): HTMLButtonElement {
  const found = within(container).getByText(b(label)).closest('button');
  if (!found) throw new Error(`no button ${label}`);
  return found;
}
/** The open dialog (antd's modal). */
const findDialog = () =>
  waitFor(() => {
    const d = document.querySelector<HTMLElement>('.ant-modal-container');
    if (!d) throw new Error('no dialog');
    return d;
  });
const findButton = async (label: string) => {
  await screen.findByText(b(label));
  return button(document.body, label);
};

/** The rule lines of an element (shared/Parts: each part in its own span). */
const partsOf = (el: HTMLElement) => [...el.querySelectorAll('.parts')].map((p) => p.textContent);

const REVIEW = { reviewed_by: '', reviewed_at: null, review_note: '' };
const ACTIVITY: ActivityApplication = {
  id: 7,
  user_id: 42,
  username: 'zhangsan',
  activity_id: 1,
  activity_title: '新会员首存送 38%',
  linked_claims: [],
  state: 1,
  created_at: '2026-11-25 10:00:00',
  rule: {
    basis: 'first_deposit',
    percent: 38,
    cap: '888.00',
    min_deposit: '100.00',
    pay_type: '',
    turnover_multiple: 10,
    turnover_basis: 'bonus',
    weights: '全部游戏按 100% 计入',
  },
  deposit: { amount: '500.00', at: '2026-11-25 09:30:00' },
  loss: null,
  suggested_bonus: '190.00',
  suggested_turnover: '1900.00',
  refusal: '',
  bonus: '',
  turnover: '',
  ...REVIEW,
};
const APPROVED = {
  id: 7,
  state: 2,
  bonus: '200.00',
  turnover: '2000.00',
  reviewed_by: 'yunying01',
  reviewed_at: '2026-11-25 10:31:00',
  review_note: '',
};
const AGENT: AgentApplication = {
  id: 9,
  user_id: 43,
  username: 'lisi',
  realname: '李四',
  mobile: '13812345678',
  reason: '<b>朋友多</b><script>alert(1)</script>',
  state: 1,
  isagent: 0,
  created_at: '2026-11-25 10:00:00',
  ...REVIEW,
};

function renderScreen(Screen: React.ComponentType, path: string, role: 'finance' | 'content' = 'content') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session: ConsoleSession = {
    id: 1,
    name: 'yunying01',
    role,
    csrf: 'x',
    idle_minutes: 30,
  };
  client.setQueryData(sessionQuery.queryKey, session);
  const router = createMemoryRouter(
    [
      { path, element: <Screen /> },
      { path: '/members/:id', element: <p>会员页</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

describe('ActivityApplicationsScreen', { timeout: 40_000 }, () => {
  it('lists the member, the rule, the deposit and the suggested bonus with its turnover', async () => {
    server.use(
      answer(consoleActivityApplications, (q) => {
        expect(q).toMatchObject({ state: 'pending', page: '1' });
        return { items: [ACTIVITY], total: 1 };
      }),
    );
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    const row = (await screen.findByText('zhangsan')).closest('tr') as HTMLElement;
    expect(row.querySelector('a')).toHaveAttribute('href', '/members/42');
    expect(within(row).getByText('首笔存款 × 38%，上限 ¥888.00')).toBeInTheDocument();
    expect(partsOf(row)).toContain('最低存款 ¥100.00 · 不限存款方式 · 彩金 × 10 倍流水');
    expect(within(row).getByText('流水计入：全部游戏按 100% 计入')).toBeInTheDocument();
    expect(within(row).getByText('¥500.00')).toBeInTheDocument();
    expect(within(row).getByText('¥190.00')).toBeInTheDocument();
    expect(within(row).getByText('流水 +¥1,900.00')).toBeInTheDocument();
  });

  it('approve pre-fills the rule’s amount, shows the turnover it adds, and checks the cap', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleActivityApplications, { items: [ACTIVITY], total: 1 }),
      answer(consoleApproveActivity, (input) => {
        sent = input;
        return APPROVED;
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    await user.click(await findButton('通过'));
    const dialog = await findDialog();
    const amount = within(dialog).getByLabelText('彩金金额（元）');
    expect(amount).toHaveValue('190.00');
    expect(
      within(dialog).getByText(
        '可按规则金额或更低金额发放，不能高于 ¥190.00。将增加流水 ¥1,900.00（彩金 × 10 倍）',
      ),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(button(dialog, '确认发放'));
    expect(await within(dialog).findByText('彩金不能超过该活动上限 888.00 元')).toBeInTheDocument();
    expect(within(dialog).getByText('按活动规则该会员的彩金最多 190.00 元')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '190.01');
    expect(await within(dialog).findByText('按活动规则该会员的彩金最多 190.00 元')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.clear(amount);
    await user.type(amount, '150');
    expect(await within(dialog).findByText(/将增加流水 ¥1,500.00（彩金 × 10 倍）$/)).toBeInTheDocument();
    await user.click(button(dialog, '确认发放'));
    await waitFor(() => expect(sent).toEqual({ id: 7, amount: '150' }));
    expect(await screen.findByText('已通过，彩金 ¥200.00 已发放')).toBeInTheDocument();
  });

  it('shows who approved it first (409) inside the dialog', async () => {
    server.use(
      answer(consoleActivityApplications, { items: [ACTIVITY], total: 1 }),
      answer(consoleApproveActivity, {
        refuse: { status: 409, message: '该申请已由 caiwu01 于 2026-11-25 10:31 通过' },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    await user.click(await findButton('通过'));
    const dialog = await findDialog();
    await user.click(button(dialog, '确认发放'));
    expect(
      await within(dialog).findByText('该申请已由 caiwu01 于 2026-11-25 10:31 通过'),
    ).toBeInTheDocument();
  });

  it('shows the rule refusal and does not offer to pay', async () => {
    server.use(
      answer(consoleActivityApplications, {
        items: [
          {
            ...ACTIVITY,
            deposit: null,
            suggested_bonus: '',
            suggested_turnover: '',
            refusal: '该会员暂无符合活动条件的存款，不能发放彩金',
          },
        ],
        total: 1,
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    await user.click(await findButton('通过'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('该会员暂无符合活动条件的存款，不能发放彩金')).toBeInTheDocument();
    expect(button(dialog, '确认发放')).toBeDisabled();
  });

  it('warns in the dialog when linked accounts already had the activity', async () => {
    const linked = [
      { user_id: 43, username: 'zhangsan2' },
      { user_id: 44, username: 'zhangsan3' },
    ];
    server.use(
      answer(consoleActivityApplications, { items: [{ ...ACTIVITY, linked_claims: linked }], total: 1 }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    await user.click(await findButton('通过'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('关联账户已领取过此活动')).toBeInTheDocument();
    expect(within(dialog).getByText(/^zhangsan2、zhangsan3（/)).toBeInTheDocument();
  });

  it('shows a refusal across the row, under the application', async () => {
    const refusal = '该会员在这笔存款后已提款，彩金失效';
    server.use(
      answer(consoleActivityApplications, {
        items: [{ ...ACTIVITY, suggested_bonus: '', suggested_turnover: '', refusal }],
        total: 1,
      }),
    );
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    const row = (await screen.findByText('zhangsan')).closest('tr') as HTMLElement;
    expect(within(row).getByText('不能发放（见下）')).toBeInTheDocument();
    const under = row.nextElementSibling as HTMLElement;
    expect(under).toHaveClass('ant-table-expanded-row');
    expect(within(under).getByText(refusal)).toBeInTheDocument();
  });

  it('shows a relief’s weekend loss, the deposit in its turnover and the weights', async () => {
    const relief: ActivityApplication = {
      ...ACTIVITY,
      id: 8,
      activity_title: '周末救援金',
      rule: {
        basis: 'net_loss',
        percent: 2,
        cap: '5888.00',
        min_deposit: '500.00',
        pay_type: '',
        turnover_multiple: 20,
        turnover_basis: 'bonus',
        weights: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入',
      },
      deposit: null,
      loss: { amount: '1500.00', weekend: '2026-11-21' },
      suggested_bonus: '30.00',
      suggested_turnover: '600.00',
    };
    const first: ActivityApplication = {
      ...ACTIVITY,
      rule: { ...ACTIVITY.rule, turnover_multiple: 15, turnover_basis: 'deposit_bonus' },
      suggested_turnover: '10350.00',
    };
    server.use(answer(consoleActivityApplications, { items: [relief, first], total: 2 }));
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    const row = (await screen.findByText('周末救援金')).closest('tr') as HTMLElement;
    expect(within(row).getByText('净亏损 ¥1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('周末 2026-11-21 至 11-22')).toBeInTheDocument();
    expect(within(row).getByText('上周末净亏损 × 2%，上限 ¥5,888.00')).toBeInTheDocument();
    expect(partsOf(row)).toContain('最低亏损 ¥500.00 · 救援金 × 20 倍流水');
    expect(
      within(row).getByText('流水计入：彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入'),
    ).toBeInTheDocument();
    expect(within(row).getByText('流水 +¥600.00')).toBeInTheDocument();
    const firstRow = screen.getByText('新会员首存送 38%').closest('tr') as HTMLElement;
    expect(partsOf(firstRow)).toContain('最低存款 ¥100.00 · 不限存款方式 · （存款 + 彩金）× 15 倍流水');
    expect(within(firstRow).getByText('流水 +¥10,350.00')).toBeInTheDocument();
    await user.click(button(firstRow, '通过'));
    const dialog = await findDialog();
    expect(
      within(dialog).getByText(/将增加流水 ¥10,350.00，即（存款 ¥500.00 \+ 彩金）× 15 倍$/),
    ).toBeInTheDocument();
  });

  it('needs a reason to reject', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleActivityApplications, { items: [ACTIVITY], total: 1 }),
      answer(consoleRejectActivity, (input) => {
        sent = input;
        return {
          id: 7,
          state: 3,
          reviewed_by: 'yunying01',
          reviewed_at: '2026-11-25 10:31:00',
          review_note: '不符合',
        };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    await user.click(await findButton('拒绝'));
    const dialog = await findDialog();
    await user.click(button(dialog, '确认拒绝'));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(within(dialog).getByLabelText('拒绝原因'), '不符合');
    await user.click(button(dialog, '确认拒绝'));
    await waitFor(() => expect(sent).toEqual({ id: 7, reason: '不符合' }));
  });

  it('shows the error with 重试 when the list cannot be read', async () => {
    server.use(
      answer(consoleActivityApplications, { refuse: { status: 500, message: '服务器繁忙，请稍后再试' } }),
    );
    renderScreen(ActivityApplicationsScreen, '/applications/activity');
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
    expect(button(document.body, '重试')).toBeInTheDocument();
  });
});

describe('AgentApplicationsScreen', { timeout: 40_000 }, () => {
  it('renders the member’s reason as text and approves', async () => {
    let sent: unknown = null;
    server.use(
      answer(consoleAgentApplications, { items: [AGENT], total: 1 }),
      answer(consoleApproveAgent, (input) => {
        sent = input;
        return {
          id: 9,
          state: 2,
          reviewed_by: 'yunying01',
          reviewed_at: '2026-11-25 10:31:00',
          review_note: '',
        };
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { container } = renderScreen(AgentApplicationsScreen, '/applications/agent');
    expect(await screen.findByText(AGENT.reason)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('13812345678')).toBeInTheDocument();
    await user.click(button(document.body, '通过'));
    await user.click(await findButton('确认通过'));
    await waitFor(() => expect(sent).toEqual({ id: 9 }));
    expect(await screen.findByText('已通过，该会员已成为代理')).toBeInTheDocument();
  });

  it('shows who reviewed it first (409)', async () => {
    server.use(
      answer(consoleAgentApplications, { items: [AGENT], total: 1 }),
      answer(consoleApproveAgent, {
        refuse: { status: 409, message: '该申请已由 kefu01 于 2026-11-25 10:31 拒绝' },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(AgentApplicationsScreen, '/applications/agent');
    await user.click(await findButton('通过'));
    await user.click(await findButton('确认通过'));
    expect(await screen.findByText('该申请已由 kefu01 于 2026-11-25 10:31 拒绝')).toBeInTheDocument();
  });
});
