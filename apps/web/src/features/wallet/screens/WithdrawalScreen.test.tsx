import { user as userCall } from '@app/contract/auth';
import type { ReplyOf } from '@app/contract/define';
import { cards } from '@app/contract/cashier';
import {
  bindMobile,
  MSG_WITHDRAW_MIN,
  MSG_WITHDRAW_PASSWORD,
  MSG_WITHDRAW_SUBMITTED,
  MSG_WITHDRAW_USDT,
  withdraw,
  withdrawTurnover,
} from '@app/contract/withdrawals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { describe, expect, it, vi } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';
import { MSG_TURNOVER_NONE } from '../rules';
import { WITHDRAW_CACHE_KEY } from '../withdrawCache';
import { tappable } from '@test/dialog';

type CardWire = NonNullable<ReplyOf<typeof cards>>[number];
const TRC = `T${'A'.repeat(29)}0001`;
const USDT_CARDS: CardWire[] = [
  { id: 1, bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, ico: '', bankIco: '' },
  { id: 2, bank: 'USDT', bank_owner: 'ERC20', bank_no: `0x${'b'.repeat(36)}0002`, ico: '', bankIco: '' },
];
const BANK_CARDS: CardWire[] = [
  { id: 9, bank: '中国银行', bank_owner: '张三', bank_no: '6222020000009999', ico: '', bankIco: '' },
];

/** Cards of both types; a member with (or without) a phone; withdrawals recorded. */
function setup({ mobile = '13800138000', answers = [] as ('ok' | 'mobile' | 'down' | 'hold')[] } = {}) {
  const sent: { key: string | null; body: unknown }[] & { release?: () => void } = [];
  server.use(
    reply(userCall, { ...MEMBER, mobile }),
    http.post(cards.path, async ({ request }) => {
      const { type } = (await request.json()) as { type: number };
      return HttpResponse.json({ code: 200, message: 'ok', data: type === 2 ? USDT_CARDS : BANK_CARDS });
    }),
    http.post(withdraw.path, async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const answer = answers[sent.length - 1] ?? 'ok';
      if (answer === 'mobile')
        return HttpResponse.json({ code: 400, message: '请先绑定手机号', data: null }, { status: 400 });
      if (answer === 'down') return HttpResponse.error();
      if (answer === 'hold') await new Promise<void>((resolve) => (sent.release = resolve));
      return HttpResponse.json({ code: 200, message: MSG_WITHDRAW_SUBMITTED, data: null });
    }),
  );
  return sent;
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);
const submitButton = () => screen.getByRole('button', { name: '立即取款' });

/** Opens the picker and taps the card whose masked number ends with `last4`. */
async function pickCard(user: ReturnType<typeof renderApp>['user'], what: string, last4: string) {
  await user.click(screen.getByRole('button', { name: `选择${what}` }));
  const dialog = await screen.findByRole('dialog', { name: `选择${what}` });
  const option = await within(dialog).findByRole('radio', { name: new RegExp(`${last4}$`) });
  await user.click(await tappable(option));
}

describe('/withdrawal', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/withdrawal');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fwithdrawal'));
  });

  it('shows the balances, 3 venue rows until 展开, and the turnover', async () => {
    setup();
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '取款' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('withdraw-central')).toHaveTextContent('1000.00'));
    const list = await screen.findByRole('list', { name: '场馆钱包' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '展开' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    // Nothing owed: said in words, with no breakdown.
    expect(await screen.findByTestId('withdraw-turnover')).toHaveTextContent(MSG_TURNOVER_NONE);
    expect(screen.queryByRole('list', { name: '打码量明细' })).not.toBeInTheDocument();
    const balances = screen.getByRole('region', { name: '钱包余额' });
    expect(within(balances).getByRole('button', { name: '一键回收' })).toBeEnabled();
  });

  /** What the demo member owes after a first deposit and its bonus: three open parts, oldest first. */
  const ITEMS = [
    {
      source: '体验金',
      required: '1000.00',
      done: '1000.00',
      weights: '全部游戏按 100% 计入',
      created_at: '2026-01-15 10:00:00',
    },
    {
      source: '存款',
      required: '500.00',
      done: '120.00',
      weights: '全部游戏按 100% 计入',
      created_at: '2026-01-15 10:10:00',
      base: '500.00',
      multiple: 1,
    },
    {
      source: '活动彩金',
      required: '10350.00',
      done: '0.00',
      weights: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入',
      created_at: '2026-01-15 10:20:00',
      base: '690.00',
      multiple: 15,
    },
  ];

  it('breaks 打码量 down: each part its source, done / required and how much each game counts', async () => {
    setup();
    server.use(reply(withdrawTurnover, { bet_amount: '1120.00', recharge_amount: '11850.00', items: ITEMS }));
    renderApp('/withdrawal', { token: 'tok' });
    // The read-only line and its progress stay.
    expect(await screen.findByTestId('withdraw-turnover')).toHaveTextContent('1120.00 / 11850.00（9%）');
    const turnover = screen.getByRole('group', { name: '打码量' });
    const list = within(turnover).getByRole('list', { name: '打码量明细' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('体验金');
    expect(rows[0]).toHaveTextContent('1000.00 / 1000.00');
    expect(rows[1]).toHaveTextContent('存款');
    expect(rows[1]).toHaveTextContent('120.00 / 500.00');
    expect(rows[1]).toHaveTextContent('2026-01-15 10:10');
    expect(rows[2]).toHaveTextContent('活动彩金');
    expect(rows[2]).toHaveTextContent('0.00 / 10350.00');
    // Where each figure came from: what was multiplied, and by how much (none said for an older row).
    expect(rows[1]).toHaveTextContent('500.00 × 1倍 = 500.00');
    expect(rows[2]).toHaveTextContent('690.00 × 15倍 = 10350.00');
    expect(rows[0]).not.toHaveTextContent('倍');
    // Required, done and what is left, and what 打码量 is.
    expect(screen.getByTestId('withdraw-turnover-left')).toHaveTextContent(
      '所需 11850.00 · 已完成 1120.00还需 10730.00',
    );
    expect(turnover).toHaveTextContent('打码量即有效投注额');
    // Why lottery bets count half toward the bonus.
    expect(within(rows[2] as HTMLElement).getByText(ITEMS[2]?.weights ?? '')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('全部游戏按 100% 计入')).toBeInTheDocument();
  });

  it('shows the line without a breakdown when a server sends no items', async () => {
    setup();
    server.use(reply(withdrawTurnover, { bet_amount: '250.00', recharge_amount: '1000.00' }));
    renderApp('/withdrawal', { token: 'tok' });
    expect(await screen.findByTestId('withdraw-turnover')).toHaveTextContent('250.00 / 1000.00（25%）');
    expect(screen.queryByRole('list', { name: '打码量明细' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_TURNOVER_NONE)).not.toBeInTheDocument();
  });

  it('parses a turnover reply without items (or null) to [] at the boundary', () => {
    const bare = { bet_amount: '0.00', recharge_amount: '0.00' };
    expect(z.parse(withdrawTurnover.response, bare).items).toEqual([]);
    expect(z.parse(withdrawTurnover.response, { ...bare, items: null }).items).toEqual([]);
    const [first] = z.parse(withdrawTurnover.response, { ...bare, items: ITEMS.slice(2) }).items;
    expect(first).toEqual({
      source: '活动彩金',
      required: 1_035_000,
      done: 0,
      weights: ITEMS[2]?.weights,
      createdAt: '2026-01-15 10:20:00',
      base: 69_000,
      multiple: 15,
    });
    // Another back end's item without the breakdown: 0 and 0, and the row shows none.
    const [older] = z.parse(withdrawTurnover.response, { ...bare, items: ITEMS.slice(0, 1) }).items;
    expect([older?.base, older?.multiple]).toEqual([0, 0]);
  });

  it('says the messages of spec §5 in order and sends nothing', async () => {
    const sent = setup();
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    const expectMessage = async (message: string) => {
      await user.click(submitButton());
      expect(await screen.findByText(message)).toBeInTheDocument();
      await clearToasts();
    };
    await expectMessage(MSG_WITHDRAW_MIN);
    await user.type(field('请输入取款金额'), '99');
    await expectMessage(MSG_WITHDRAW_MIN);
    await user.clear(field('请输入取款金额'));
    await user.type(field('请输入取款金额'), '100');
    await expectMessage(MSG_WITHDRAW_USDT);
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '100');
    await expectMessage(MSG_WITHDRAW_PASSWORD);
    expect(sent).toHaveLength(0);
  });

  it('says 余额不足 for more than the central balance (1000) before anything else, and sends nothing', async () => {
    const sent = setup();
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await user.click(screen.getByRole('button', { name: '最大' }));
    await waitFor(() => expect(field('请输入取款金额')).toHaveValue('1000'));
    await user.clear(field('请输入取款金额'));
    await user.type(field('请输入取款金额'), '99999');
    await user.click(submitButton());
    expect(await screen.findByText('余额不足')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the USDT fee, equivalent and actual amount; picking a card clears amount and password', async () => {
    setup();
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await user.type(field('请输入取款金额'), '710');
    await user.type(field('请输入支付密码'), '123456');
    await pickCard(user, 'USDT地址', '0001');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '选择USDT地址' })).not.toBeInTheDocument(),
    );
    expect(field('请输入取款金额')).toHaveValue('');
    expect(field('请输入支付密码')).toHaveValue('');
    await user.type(field('请输入取款金额'), '710');
    // 710 / 7.0 = 101.428… → 101.42; TRC20 fee 1.00 → 100.42
    expect(screen.getByTestId('usdt-fee')).toHaveTextContent('1.00 USDT');
    expect(screen.getByTestId('usdt-equivalent')).toHaveTextContent('101.42 USDT');
    expect(screen.getByTestId('usdt-receive')).toHaveTextContent('100.42 USDT');
    await user.click(screen.getByRole('button', { name: '最大' }));
    expect(field('请输入取款金额')).toHaveValue('1000');
    await user.click(screen.getByRole('button', { name: '500' }));
    expect(field('请输入取款金额')).toHaveValue('500');
  });

  it('clears card, amount, password and fee when the tab changes', async () => {
    setup();
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '300');
    await user.type(field('请输入支付密码'), '123456');
    expect(screen.getByTestId('usdt-fee')).toHaveTextContent('1.00 USDT');
    await user.click(screen.getByRole('tab', { name: '银行卡' }));
    expect(screen.getByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '选择银行卡' })).toHaveTextContent('请选择银行卡');
    expect(field('请输入取款金额')).toHaveValue('');
    expect(field('请输入支付密码')).toHaveValue('');
    expect(screen.queryByTestId('usdt-fee')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'USDT' }));
    expect(screen.getByRole('button', { name: '选择USDT地址' })).toHaveTextContent('请选择USDT地址');
    expect(screen.getByTestId('usdt-fee')).toHaveTextContent('--');
    await user.click(screen.getByRole('tab', { name: '支付宝' }));
    expect(field('请输入支付宝账号')).toBeInTheDocument();
    expect(field('请输入真实姓名')).toBeInTheDocument();
  });

  it('submits with a key, says so, resets the form and goes to /transRecord after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = setup();
    const { user, location } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await user.click(screen.getByRole('tab', { name: '银行卡' }));
    await pickCard(user, '银行卡', '9999');
    await user.type(field('请输入取款金额'), '200');
    await user.type(field('请输入支付密码'), '123456');
    await user.click(submitButton());
    expect(await screen.findByText(MSG_WITHDRAW_SUBMITTED)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ type: 'bank', amount: '200', bank: 9, password: '123456' });
    expect(sent[0]?.key).toBeTruthy();
    expect(field('请输入取款金额')).toHaveValue('');
    expect(location()).toBe('/withdrawal?type=2');
    await act(() => vi.advanceTimersByTimeAsync(1600));
    // The records open on 取款, where the withdrawal just made is.
    await waitFor(() => expect(location()).toBe('/transRecord?type=2'));
    expect(window.localStorage.getItem(WITHDRAW_CACHE_KEY)).toBeNull();
  });

  it('makes one withdrawal of a double tap: the button waits for the answer', async () => {
    const sent = setup({ answers: ['hold'] });
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '100');
    await user.type(field('请输入支付密码'), '123456');
    await user.dblClick(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(submitButton()).toBeDisabled();
    sent.release?.();
    expect(await screen.findByText(MSG_WITHDRAW_SUBMITTED)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('reuses the key of the cached intent when a lost request is retried', async () => {
    const sent = setup({ answers: ['down', 'ok'] });
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '100');
    await user.type(field('请输入支付密码'), '123456');
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    const cache = JSON.parse(window.localStorage.getItem(WITHDRAW_CACHE_KEY) ?? 'null') as {
      requestId: string;
      amount: string;
      userId: number;
      withdrawType: string;
    };
    expect(cache).toMatchObject({ requestId: sent[0]?.key, amount: '100', userId: 7, withdrawType: 'usdt' });
    await user.click(submitButton());
    expect(await screen.findByText(MSG_WITHDRAW_SUBMITTED)).toBeInTheDocument();
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('binds the phone first, then resubmits the withdrawal 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = setup({ mobile: '' });
    const bound: unknown[] = [];
    server.use(
      http.post(bindMobile.path, async ({ request }) => {
        bound.push(await request.json());
        server.use(reply(userCall, { ...MEMBER, mobile: '13800138000' }));
        return HttpResponse.json({ code: 200, message: '绑定成功', data: null });
      }),
    );
    const { user, location } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '100');
    await user.type(field('请输入支付密码'), '123456');
    await user.click(submitButton());
    const popup = await screen.findByRole('dialog', { name: '绑定手机号' });
    const confirm = within(popup).getByRole('button', { name: '确认绑定' });
    expect(confirm).toBeDisabled();
    const phone = await tappable(within(popup).getByPlaceholderText('请输入手机号'));
    expect(phone).toHaveAttribute('maxLength', '11');
    await user.type(phone, '1380013800');
    expect(confirm).toBeDisabled();
    await user.type(phone, '09');
    expect(phone).toHaveValue('13800138000');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('手机号绑定成功')).toBeInTheDocument();
    expect(bound).toEqual([{ mobile: '13800138000' }]);
    expect(sent).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ type: 'usdt', amount: '100', bank: 1, password: '123456' });
    expect(await screen.findByText(MSG_WITHDRAW_SUBMITTED)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(location()).toBe('/transRecord?type=2'));
  });

  it('opens phone binding when the server asks for it, and resubmits with a new key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = setup({ answers: ['mobile', 'ok'] });
    server.use(reply(bindMobile, null, '绑定成功'));
    const { user } = renderApp('/withdrawal', { token: 'tok' });
    await screen.findByRole('tab', { name: 'USDT' });
    await pickCard(user, 'USDT地址', '0001');
    await user.type(field('请输入取款金额'), '100');
    await user.type(field('请输入支付密码'), '123456');
    await user.click(submitButton());
    const popup = await screen.findByRole('dialog', { name: '绑定手机号' });
    await user.type(await tappable(within(popup).getByPlaceholderText('请输入手机号')), '13800138000');
    await user.click(within(popup).getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('手机号绑定成功')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).not.toBe(sent[0]?.key); // the refusal was stored under the first key
  });

  it('opens on the tab of the address; the WeChat QR is an upload tile with a preview', async () => {
    setup();
    const { user, location, container } = renderApp('/withdrawal?type=4', {
      token: 'tok',
      extraRoutes: [stubRoute('/kefu', false)],
    });
    expect(await screen.findByRole('tab', { name: '微信' })).toHaveAttribute('aria-selected', 'true');
    const tile = screen.getByRole('group', { name: '微信收款码' });
    expect(within(tile).getByText('上传收款码')).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.className).toContain('adm-image-uploader-input'); // antd-mobile's, not a bare one
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });
    await user.upload(input, png);
    await waitFor(() => expect(tile.querySelector('.adm-image-uploader-cell img')).not.toBeNull());
    expect(screen.getByTestId('pay-password-hint')).toHaveTextContent('支付密码初始为注册时设置的登录密码');
    await user.click(screen.getByRole('tab', { name: '银行卡' }));
    await waitFor(() => expect(location()).toBe('/withdrawal?type=2'));
    await user.click(screen.getByRole('button', { name: '在线客服' }));
    await waitFor(() => expect(location()).toBe('/kefu'));
  });
});
