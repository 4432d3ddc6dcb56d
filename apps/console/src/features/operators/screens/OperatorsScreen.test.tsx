import {
  consoleCreateOperator,
  consoleOperators,
  consoleResetOperator,
  consoleUpdateOperator,
  MSG_LAST_ADMIN,
  type OperatorItem,
} from '@app/contract/console-admin';
import type { ConsoleSession } from '@app/contract/console-auth';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import OperatorsScreen from './OperatorsScreen';

const ME: OperatorItem = {
  id: 1,
  name: 'boss',
  role: 'admin',
  totp_enabled: true,
  disabled: false,
  must_change_password: false,
  last_login_at: '2030-05-10 09:00:00',
  created_at: '2030-05-01 09:00:00',
};
const CASHIER: OperatorItem = {
  ...ME,
  id: 2,
  name: 'caiwu01',
  role: 'finance',
  totp_enabled: false,
  must_change_password: true,
  last_login_at: null,
};

const ADMIN: ConsoleSession = { id: 1, name: 'boss', role: 'admin', csrf: 'x', idle_minutes: 30 };
const show = () => renderScreen(<OperatorsScreen />, { operator: ADMIN });

const button = (text: RegExp, within_: HTMLElement = document.body): HTMLElement => {
  const el = within(within_).getByText(text).closest('button');
  if (!el) throw new Error(`no button ${String(text)}`);
  return el;
};
const rowOf = (name: string) => {
  const tr = screen.getByText(name).closest('tr');
  if (!tr) throw new Error(`no row ${name}`);
  return tr;
};

describe('OperatorsScreen', { timeout: 60_000 }, () => {
  it('lists operators; its own row cannot be disabled or reset', async () => {
    server.use(answer(consoleOperators, { rows: [ME, CASHIER] }));
    show();
    const mine = rowOf(await screen.findByText('boss（我）').then((el) => el.textContent ?? ''));
    expect(within(mine).getByText('超级管理员')).toBeInTheDocument();
    expect(within(mine).getByText('已绑定')).toBeInTheDocument();
    expect(button(/停\s*用/, mine)).toBeDisabled();
    expect(button(/重\s*置/, mine)).toBeDisabled();
    const cashier = rowOf('caiwu01');
    expect(within(cashier).getByText('财务')).toBeInTheDocument();
    expect(within(cashier).getByText('未绑定')).toBeInTheDocument();
    expect(within(cashier).getByText('待首次登录')).toBeInTheDocument();
    expect(button(/停\s*用/, cashier)).toBeEnabled();
  });

  it('creating one goes to 待复核: the server’s message, no password here', async () => {
    const sent: RequestOf<typeof consoleCreateOperator>[] = [];
    server.use(
      answer(consoleOperators, { rows: [ME] }),
      answerTicket(
        consoleCreateOperator,
        { review_id: 5, summary: '新建操作员 kefu01（客服）' },
        '已提交复核（新建操作员），另一位超级管理员通过后生效',
        sent,
      ),
    );
    show();
    await screen.findByText('boss（我）');
    fireEvent.click(button(/新建操作员/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/一次性密码只显示给通过的那一位/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'kefu01' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '角色' }));
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === '客服',
      );
      if (!el) throw new Error('no option');
      return el;
    });
    fireEvent.click(option);
    fireEvent.click(button(/提交复核/, dialog));

    expect(
      await screen.findByText(/^已提交复核（新建操作员），另一位超级管理员通过后生效/),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'kefu01', role: 'support' }]);
    expect(screen.queryByTestId('one-time-password')).toBeNull();
    expect(document.querySelector('tbody')?.textContent).not.toContain('kefu01');
  });

  it('a reset and a role change go to 待复核; disabling applies at once (its refusal shown)', async () => {
    const updates: RequestOf<typeof consoleUpdateOperator>[] = [];
    server.use(
      answer(consoleOperators, { rows: [ME, { ...CASHIER, role: 'admin' }] }),
      answerTicket(
        consoleResetOperator,
        { review_id: 6, summary: '重置操作员 caiwu01' },
        '已提交复核（重置操作员），另一位超级管理员通过后生效',
      ),
      answer(consoleUpdateOperator, (input) => {
        updates.push(input);
        return input.role
          ? { review_id: 7, summary: '操作员 caiwu01 的角色由超级管理员改为财务' }
          : { refuse: { status: 409, message: MSG_LAST_ADMIN } };
      }),
    );
    show();
    await screen.findByText('caiwu01');
    fireEvent.click(button(/重\s*置/, rowOf('caiwu01')));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('已停用的账号保持停用');
    fireEvent.click(button(/确\s*定/, tip));
    expect(await screen.findByText(/^已提交复核（重置操作员）/)).toBeInTheDocument();
    expect(screen.queryByTestId('one-time-password')).toBeNull();

    fireEvent.click(button(/修改角色/, rowOf('caiwu01')));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '新角色' }));
    const option = await waitFor(() => {
      const el = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === '财务',
      );
      if (!el) throw new Error('no option');
      return el;
    });
    fireEvent.click(option);
    fireEvent.click(button(/提交复核/, dialog));
    // The generic reply of the test server: the contract's words for the kind.
    expect(
      await screen.findByText(/^已提交复核（更改操作员角色），另一位超级管理员通过后生效/),
    ).toBeInTheDocument();

    fireEvent.click(button(/停\s*用/, rowOf('caiwu01')));
    const confirm = await screen.findByText('停用 caiwu01？');
    fireEvent.click(button(/确\s*定/, confirm.closest('.ant-popover') as HTMLElement));
    expect(await screen.findByText(MSG_LAST_ADMIN)).toBeInTheDocument();
    expect(updates).toEqual([
      { id: 2, role: 'finance' },
      { id: 2, disabled: true },
    ]);
  });
});
