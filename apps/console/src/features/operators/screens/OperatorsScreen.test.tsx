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
import { describe, expect, it, vi } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
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

  it('creates one and shows its one-time password once, with a copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const sent: RequestOf<typeof consoleCreateOperator>[] = [];
    let rows = [ME];
    server.use(
      answer(consoleOperators, () => ({ rows })),
      answer(consoleCreateOperator, (input) => {
        sent.push(input);
        rows = [ME, { ...CASHIER, id: 3, name: 'kefu01', role: 'support' }];
        return { id: 3, name: 'kefu01', role: 'support' as const, password: 'Abcd2345Efgh6789' };
      }),
    );
    show();
    await screen.findByText('boss（我）');
    fireEvent.click(button(/新建操作员/));
    const dialog = await screen.findByRole('dialog');
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
    fireEvent.click(button(/创\s*建/, dialog));

    const password = await screen.findByTestId('one-time-password');
    expect(password).toHaveTextContent('Abcd2345Efgh6789');
    expect(sent).toEqual([{ name: 'kefu01', role: 'support' }]);
    expect(screen.getByText('一次性密码只显示这一次，关闭后无法再次查看')).toBeInTheDocument();
    fireEvent.click(button(/复\s*制/));
    await screen.findByText('已复制到剪贴板');
    expect(writeText).toHaveBeenCalledWith('Abcd2345Efgh6789');
    // The list is read again.
    await waitFor(() => expect(document.querySelector('tbody')?.textContent).toContain('kefu01'));

    fireEvent.click(button(/我已保存，关闭/));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
    expect(document.body.textContent).not.toContain('Abcd2345Efgh6789');
  });

  it('resets one (its new password shown) and shows a refusal', async () => {
    const updates: RequestOf<typeof consoleUpdateOperator>[] = [];
    server.use(
      answer(consoleOperators, { rows: [ME, { ...CASHIER, role: 'admin' }] }),
      answer(consoleResetOperator, (input) => ({
        id: Number(input.id),
        name: 'caiwu01',
        role: 'admin' as const,
        password: 'Zyxw2345Vuts6789',
      })),
      answer(consoleUpdateOperator, (input) => {
        updates.push(input);
        return { refuse: { status: 409, message: MSG_LAST_ADMIN } };
      }),
    );
    show();
    await screen.findByText('caiwu01');
    fireEvent.click(button(/重\s*置/, rowOf('caiwu01')));
    fireEvent.click(button(/确\s*定/, await screen.findByRole('tooltip')));
    expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Zyxw2345Vuts6789');
    expect(screen.getByText('操作员已重置')).toBeInTheDocument();
    fireEvent.click(button(/我已保存，关闭/));

    fireEvent.click(button(/停\s*用/, rowOf('caiwu01')));
    const confirm = await screen.findByText('停用 caiwu01？');
    fireEvent.click(button(/确\s*定/, confirm.closest('.ant-popover') as HTMLElement));
    expect(await screen.findByText(MSG_LAST_ADMIN)).toBeInTheDocument();
    expect(updates).toEqual([{ id: 2, disabled: true }]);
  });
});
