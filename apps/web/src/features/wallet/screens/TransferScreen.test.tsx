import { user as userCall } from '@app/contract/auth';
import { transfer, transferAll } from '@app/contract/wallet';
import { MSG_TRANSFER_AMOUNT, MSG_TRANSFER_VENUES } from '@app/contract/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { dialogButton } from '@test/dialog';
import { renderApp } from '@test/render';
import { MSG_AUTO_TRANSFER_ON } from '../rules';

interface Sent {
  key: string | null;
  body: unknown;
}

/** Answers /api/transfer with `answers` in turn (then success), recording each request. */
function transfers(answers: ('ok' | 'fail' | 'hold' | 'busy')[] = []) {
  const sent: Sent[] = [];
  let release: () => void = () => undefined;
  server.use(
    http.post(transfer.path, async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const answer = answers[sent.length - 1] ?? 'ok';
      if (answer === 'fail')
        return HttpResponse.json({ code: 500, message: '服务繁忙', data: null }, { status: 500 });
      if (answer === 'busy')
        return HttpResponse.json(
          { code: 409, message: '请求处理中，请稍后再试', data: null },
          { status: 409 },
        );
      if (answer === 'hold') await new Promise<void>((resolve) => (release = resolve));
      return HttpResponse.json({ code: 200, message: '转账成功', data: null });
    }),
  );
  return { sent, release: () => release() };
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

/** The venues are in: the target wallet shows the first venue (the default target). */
const venuesLoaded = () =>
  waitFor(() => expect(screen.getByRole('button', { name: '转入钱包' })).toHaveTextContent('AG真人'));

/** The action sheet's option of the wallet `name` (its text: the name, then its balance). */
function sheetOption(name: string): HTMLElement {
  const found = screen
    .getAllByRole('option')
    .find((o) => o.textContent?.replace(' ✓', '').startsWith(`${name}余额`));
  if (!found) throw new Error(`no option ${name}`);
  return found;
}

/** Picks `name` for the wallet `label` in its antd-mobile action sheet (no native drop-down). */
async function pick(user: UserEvent, label: string, name: string) {
  await user.click(screen.getByRole('button', { name: label }));
  // The sheet takes taps once it has slid in.
  const option = await waitFor(() => {
    const o = sheetOption(name);
    expect(o.closest<HTMLElement>('.adm-popup-body')?.style.pointerEvents).not.toBe('none');
    return o;
  });
  await user.click(option);
  await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
  await waitFor(() => expect(screen.getByRole('button', { name: label })).toHaveTextContent(name));
}

const amountField = () => screen.getByPlaceholderText('请输入转账金额');
const submitButton = () => screen.getByRole('button', { name: '立即转账' });

describe('/transfer', () => {
  it('asks a visitor to log in first, then sends them to /login', async () => {
    const { location, user } = renderApp('/transfer');
    expect(await screen.findByRole('dialog')).toHaveTextContent('精彩内容等你来体验，快来登录吧！');
    await user.click(await dialogButton('确定'));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Ftransfer'));
  });

  it('shows the central wallet and the venues, 4 rows until 展开, without the app header', async () => {
    const { user } = renderApp('/transfer', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '场馆转账' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-balance')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('transfer-central')).toHaveTextContent('1000.00'));
    const list = await screen.findByRole('list', { name: '场馆钱包' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: '展开' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('沙巴体育')).toBeInTheDocument();
  });

  it('says the messages of spec §5 in order and sends nothing', async () => {
    const { sent } = transfers();
    const { user } = renderApp('/transfer', { token: 'tok' });
    await venuesLoaded();
    await user.click(submitButton());
    expect(await screen.findByText(MSG_TRANSFER_AMOUNT)).toBeInTheDocument();
    await clearToasts();
    await user.type(amountField(), '10');
    await pick(user, '转出钱包', 'BBIN');
    await pick(user, '转入钱包', 'AG真人');
    await user.click(submitButton());
    expect(await screen.findByText(MSG_TRANSFER_VENUES)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('fills 全部 with the source balance and transfers with a key; the button waits for the answer', async () => {
    const t = transfers(['hold']);
    const { user } = renderApp('/transfer', { token: 'tok' });
    await venuesLoaded();
    await pick(user, '转出钱包', 'BBIN');
    await pick(user, '转入钱包', '中心钱包');
    await user.click(screen.getByRole('button', { name: '全部' }));
    expect(amountField()).toHaveValue('20');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());
    await user.click(submitButton());
    t.release();
    expect(await screen.findByText('转账成功')).toBeInTheDocument();
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]?.body).toEqual({ amount: '20', sourcetype: 'BBIN', targettype: 'userbalance' });
    expect(t.sent[0]?.key).toMatch(/^[0-9a-f-]{16,}$/);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(amountField()).toHaveValue('');
  });

  it('reuses the key of an intent on retry, and makes a new one after a success or a change', async () => {
    const t = transfers(['fail', 'fail', 'ok', 'ok']);
    const { user } = renderApp('/transfer', { token: 'tok' });
    await venuesLoaded();
    await user.type(amountField(), '100');
    await user.click(submitButton());
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton()); // retry of the same intent
    await waitFor(() => expect(t.sent).toHaveLength(2));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.clear(amountField());
    await user.type(amountField(), '50'); // another intent
    await user.click(submitButton());
    expect(await screen.findByText('转账成功')).toBeInTheDocument();
    await waitFor(() => expect(amountField()).toHaveValue(''));
    await user.type(amountField(), '50'); // same amount, after a success: a new intent
    await user.click(submitButton());
    await waitFor(() => expect(t.sent).toHaveLength(4));
    const [a, b, c, d] = t.sent.map((s) => s.key);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(d).not.toBe(c);
    expect(t.sent[0]?.body).toEqual({ amount: '100', sourcetype: 'userbalance', targettype: 'AG' });
  });

  it('a 409 请求处理中 is sent again with the same key, never a new one', async () => {
    const t = transfers(['busy', 'ok']);
    const { user } = renderApp('/transfer', { token: 'tok' });
    await venuesLoaded();
    await user.type(amountField(), '100');
    await user.click(submitButton());
    expect(await screen.findByText('转账成功', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]?.key).toBe(t.sent[0]?.key);
  });

  it('blocks manual transfers while 自动转账 is on', async () => {
    server.use(reply(userCall, { ...MEMBER, transferstatus: 1 }));
    const t = transfers();
    const { user } = renderApp('/transfer', { token: 'tok' });
    await waitFor(() => expect(screen.getByRole('switch', { name: '自动转账' })).toBeChecked());
    await user.type(amountField(), '10');
    await user.click(submitButton());
    expect(await screen.findAllByText(MSG_AUTO_TRANSFER_ON)).not.toHaveLength(0);
    expect(t.sent).toHaveLength(0);
  });

  it('switches 自动转账 with uptransferstatus', async () => {
    let sent: unknown = null;
    server.use(
      http.post('/api/uptransferstatus', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 200, message: '设置成功', data: null });
      }),
    );
    const { user } = renderApp('/transfer', { token: 'tok' });
    const toggle = await screen.findByRole('switch', { name: '自动转账' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual({ transferstatus: 1 }));
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('the header’s 一键回收', () => {
  it('recovers every venue with a key and says so', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(transferAll.path, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ code: 200, message: '操作成功！', data: null });
      }),
    );
    const { user } = renderApp('/', { token: 'tok' });
    const header = await screen.findByRole('banner');
    // Its code arrives with the member's header; an inert copy stands in until then.
    await waitFor(() => expect(within(header).getByRole('button', { name: '一键回收' })).toBeEnabled());
    await user.click(within(header).getByRole('button', { name: '一键回收' }));
    expect(await screen.findByText('操作成功！')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
  });

  it('is not shown to a visitor', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('button', { name: '一键回收' })).not.toBeInTheDocument();
  });

  it('picks wallets in an antd-mobile action sheet, each with its balance, no native drop-down', async () => {
    const { user, container } = renderApp('/transfer', { token: 'tok' });
    await venuesLoaded();
    expect(container.querySelector('select')).toBeNull();
    await user.click(screen.getByRole('button', { name: '转出钱包' }));
    expect(await waitFor(() => sheetOption('PG电子'))).toHaveTextContent('余额 5.50');
    expect(sheetOption('中心钱包')).toHaveTextContent('中心钱包 ✓');
  });
});
