import { consoleAudit, type AuditRow } from '@app/contract/console-admin';
import type { ConsoleSession } from '@app/contract/console-auth';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import AuditScreen from './AuditScreen';

function row(id: number, extra: Partial<AuditRow> = {}): AuditRow {
  return {
    id,
    at: '2030-05-10 10:31:00',
    operator_id: 3,
    operator_name: 'caiwu01',
    action: 'deposit.approve',
    target_type: 'deposit',
    target_id: String(id),
    before: { state: 1 },
    after: { state: 2, amount: '100.00', note: '<img src=x onerror=alert(1)>' },
    ip: '10.0.0.8',
    ...extra,
  };
}

const ADMIN: ConsoleSession = { id: 1, name: 'admin', role: 'admin', csrf: 'x', idle_minutes: 30 };
const show = () => renderScreen(<AuditScreen />, { operator: ADMIN });

type Sent = RequestOf<typeof consoleAudit>;

/** A button by its text (antd spaces two-character labels: 查 询). */
function button(text: RegExp): HTMLElement {
  const el = screen.getByText(text).closest('button');
  if (!el) throw new Error(`no button ${String(text)}`);
  return el;
}

/** Chooses an option of an antd Select by its label. */
async function pick(select: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

// jsdom renders antd's table, selects and date pickers slowly on a busy machine.
describe('AuditScreen', { timeout: 60_000 }, () => {
  it('lists newest first with labels, 命令行 for the command line, and before/after as text', async () => {
    server.use(
      answer(consoleAudit, {
        rows: [
          row(2),
          row(1, {
            operator_id: null,
            operator_name: '命令行',
            action: 'opsApproveDeposit',
            target_type: '',
          }),
        ],
        total: 2,
      }),
    );
    show();
    expect(await screen.findByText('存款审核通过')).toBeInTheDocument();
    expect(screen.getByText('存款审核通过（命令行）')).toBeInTheDocument();
    expect(screen.getByText('存款 #2')).toBeInTheDocument();
    expect(screen.getByText('命令行')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    // Expand the first row: before and after side by side, the HTML in it shown as text.
    await userEvent.click(screen.getAllByRole('button', { name: /展开行/ })[0] as HTMLElement);
    expect(await screen.findByText('变更前')).toBeInTheDocument();
    expect(screen.getByText(/"note": "<img src=x onerror=alert\(1\)>"/)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('sends the filters and the page', async () => {
    const sent: Sent[] = [];
    server.use(
      answer(consoleAudit, (input) => {
        sent.push(input);
        return { rows: [row(100), row(99)], total: 45 };
      }),
    );
    show();
    await screen.findByText('共 45 条');
    expect(sent[0]).toEqual({ page: '1', pageSize: '20' });

    fireEvent.change(screen.getByLabelText('操作员'), { target: { value: ' caiwu01 ' } });
    await pick('动作', '存款审核拒绝');
    await pick('对象', '存款');
    fireEvent.change(screen.getByLabelText('对象ID'), { target: { value: '77' } });
    const [start, end] = screen.getAllByPlaceholderText(/开始|结束/) as HTMLInputElement[];
    if (!start || !end) throw new Error('range inputs');
    await userEvent.click(start);
    fireEvent.change(start, { target: { value: '2030-05-10 08:00' } });
    await userEvent.keyboard('{Enter}');
    fireEvent.change(end, { target: { value: '2030-05-10 18:30' } });
    await userEvent.keyboard('{Enter}');
    fireEvent.click(button(/查\s*询/));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        operator: 'caiwu01',
        action: 'deposit.reject',
        target_type: 'deposit',
        target_id: '77',
        from: '2030-05-10 08:00:00',
        to: '2030-05-10 18:30:59',
      }),
    );

    // The next page keeps the filters.
    const page2 = document.querySelector('.ant-pagination-item-2');
    if (!page2) throw new Error('no page 2');
    fireEvent.click(page2);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ page: '2', operator: 'caiwu01' }));
    // 重置 clears them and goes back to the first page.
    fireEvent.click(button(/重\s*置/));
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', pageSize: '20' }));
  });

  it('shows 暂无数据 when nothing matches, and the error with 重试', async () => {
    server.use(answer(consoleAudit, { refuse: { status: 500, message: '数据库繁忙' } }));
    show();
    expect(await screen.findByText('数据库繁忙')).toBeInTheDocument();
    server.use(answer(consoleAudit, { rows: [], total: 0 }));
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
