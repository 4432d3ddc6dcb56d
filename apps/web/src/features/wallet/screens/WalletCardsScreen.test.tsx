import type { ReplyOf } from '@app/contract/define';
import {
  bindCard,
  cards,
  deleteCard,
  MSG_CARD_BANK,
  MSG_CARD_BRANCH,
  MSG_CARD_HOLDER,
  MSG_CARD_NO,
  MSG_CARD_NO_LENGTH,
  MSG_PAY_PASS,
  MSG_PAY_PASS_LENGTH,
  MSG_USDT_ADDRESS,
  MSG_USDT_ADDRESS_FORMAT,
} from '@app/contract/cashier';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

type CardWire = NonNullable<ReplyOf<typeof cards>>[number];

const usdtCard = (id: number): CardWire => ({
  id,
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_no: `T${'A'.repeat(29)}${String(id).padStart(4, '0')}`,
  ico: '',
  bankIco: '',
});
const bankCard = (id: number): CardWire => ({
  id,
  bank: '中国银行',
  bank_owner: '张三',
  bank_no: `62220200000${String(id).padStart(4, '0')}`,
  ico: '',
  bankIco: '',
});

/** A card store on the fake server: getcard reads it, delcard and bindcard change it. */
function cardStore(initial: CardWire[] = []) {
  const state = { list: [...initial], bound: [] as unknown[], deleted: [] as unknown[] };
  server.use(
    http.post(cards.path, async ({ request }) => {
      const { type } = (await request.json()) as { type: number };
      const data = state.list.filter((c) => (c.bank === 'USDT' ? 2 : 1) === type);
      return HttpResponse.json({ code: 200, message: 'ok', data });
    }),
    http.post(deleteCard.path, async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      state.deleted.push(id);
      state.list = state.list.filter((c) => c.id !== id);
      return HttpResponse.json({ code: 200, message: '解绑成功', data: null });
    }),
    http.post(bindCard.path, async ({ request }) => {
      state.bound.push(await request.json());
      return HttpResponse.json({ code: 200, message: '绑定成功', data: null });
    }),
  );
  return state;
}

/**
 * Picks `bank` in the 开户银行 picker (antd-mobile's wheel), through the wheel's own accessible
 * buttons (选择下一项：…, as a screen reader would), then 确定.
 */
async function pickBank(user: UserEvent, bank: string) {
  await user.click(await screen.findByRole('button', { name: '开户银行' }));
  const current = await screen.findByRole('button', { name: /^当前选择的是：/ });
  await waitFor(() =>
    expect(current.closest<HTMLElement>('.adm-popup-body')?.style.pointerEvents).not.toBe('none'),
  );
  for (let i = 0; i < 20 && !screen.queryByRole('button', { name: `当前选择的是：${bank}` }); i++) {
    await user.click(screen.getByRole('button', { name: /^选择下一项：/ }));
  }
  await user.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(screen.getByRole('button', { name: '开户银行' })).toHaveTextContent(bank));
}

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

describe('/wallet', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/wallet');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fwallet'));
  });

  it('opens on the USDT tab, empty, with the add link; the bank tab lists masked cards', async () => {
    cardStore([bankCard(1)]);
    const { user, location } = renderApp('/wallet', { token: 'tok' });
    expect(await screen.findByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('暂未绑定USDT地址')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '银行卡' }));
    await waitFor(() => expect(location()).toBe('/wallet?name=2'));
    const list = await screen.findByRole('list', { name: '银行卡' });
    expect(within(list).getByText('**** **** **** 0001')).toBeInTheDocument();
    expect(within(list).queryByText('622202000000001')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加银行卡' }));
    await waitFor(() => expect(location()).toBe('/addBankCard'));
  });

  it('hides the add button at 5 cards of a type', async () => {
    cardStore([1, 2, 3, 4, 5].map(usdtCard));
    renderApp('/wallet', { token: 'tok' });
    const list = await screen.findByRole('list', { name: 'USDT' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: '添加USDT地址' })).not.toBeInTheDocument();
    expect(screen.getByText('最多可绑定5个')).toBeInTheDocument();
  });
  // Unbinding (with the payment password): WalletCardsUnbind.test.tsx.
});

describe('/addBankCard', () => {
  it('says the messages of spec §5 in order, then binds and goes back', async () => {
    const store = cardStore();
    const { user, location, router } = renderApp('/wallet', { token: 'tok' });
    await user.click(await screen.findByRole('tab', { name: '银行卡' }));
    await user.click(await screen.findByRole('button', { name: '添加银行卡' }));
    await waitFor(() => expect(location()).toBe('/addBankCard'));
    const submit = await screen.findByRole('button', { name: '确认绑定' });
    const expectMessage = async (message: string) => {
      await user.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
      await clearToasts();
    };
    await expectMessage(MSG_CARD_HOLDER);
    await user.type(screen.getByPlaceholderText('请输入姓名'), '张三');
    await expectMessage(MSG_CARD_BANK);
    await pickBank(user, '工商银行');
    await expectMessage(MSG_CARD_BRANCH);
    await user.type(screen.getByPlaceholderText('请输入开户行地址'), '北京分行');
    await expectMessage(MSG_CARD_NO);
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '1234567');
    await expectMessage(MSG_PAY_PASS);
    await user.type(screen.getByPlaceholderText('请输入支付密码'), '12345');
    await expectMessage(MSG_CARD_NO_LENGTH);
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '8');
    await expectMessage(MSG_PAY_PASS_LENGTH);
    expect(store.bound).toEqual([]);
    await user.type(screen.getByPlaceholderText('请输入支付密码'), '6');
    await user.click(submit);
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    expect(store.bound).toEqual([
      {
        bank: '工商银行',
        bank_owner: '张三',
        bank_no: '12345678',
        bank_address: '北京分行',
        pay_pass: '123456',
      },
    ]);
    // Back on the bank-card tab, where the new card is (not on USDT's 暂未绑定USDT地址).
    await waitFor(() => expect(location()).toBe('/wallet?name=2'));
    expect(await screen.findByRole('tab', { name: '银行卡' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('暂未绑定USDT地址')).not.toBeInTheDocument();
    expect(router.location.pathname).toBe('/wallet');
  });

  it('picks the bank in antd-mobile’s picker (no native drop-down) and says what the 支付密码 is', async () => {
    cardStore();
    const { user, container } = renderApp('/addBankCard', {
      token: 'tok',
      extraRoutes: [stubRoute('/kefu', false)],
    });
    await screen.findByRole('button', { name: '确认绑定' });
    expect(container.querySelector('select')).toBeNull();
    expect(screen.getByTestId('pay-password-hint')).toHaveTextContent('支付密码初始为注册时设置的登录密码');
    await pickBank(user, '工商银行');
    await user.click(screen.getByRole('button', { name: '联系在线客服' }));
    expect(await screen.findByText('页面 /kefu')).toBeInTheDocument();
  });
});

describe('/addUsdtCard', () => {
  it('defaults to TRC20, checks the address, and binds an ERC20 address', async () => {
    const store = cardStore();
    const { user, location } = renderApp('/addUsdtCard', { token: 'tok' });
    expect(await screen.findByRole('radio', { name: 'TRC20' })).toHaveAttribute('aria-checked', 'true');
    const submit = screen.getByRole('button', { name: '确认绑定' });
    await user.click(submit);
    expect(await screen.findByText(MSG_USDT_ADDRESS)).toBeInTheDocument();
    await clearToasts();
    const erc = `0x${'a'.repeat(40)}`;
    await user.type(screen.getByPlaceholderText('请输入USDT地址'), erc);
    await user.type(screen.getByPlaceholderText('请输入支付密码'), '123456');
    await user.click(submit);
    expect(await screen.findByText(MSG_USDT_ADDRESS_FORMAT)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ERC20' }));
    await user.click(submit);
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    expect(store.bound).toEqual([{ bank: 'USDT', bank_owner: 'ERC20', bank_no: erc, pay_pass: '123456' }]);
    // Opened directly: back to /wallet on the USDT tab, where the new address is.
    await waitFor(() => expect(location()).toBe('/wallet?name=1'));
    expect(await screen.findByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  });

  it('explains the protocols on /usdtmore, without login', async () => {
    renderApp('/usdtmore');
    expect(await screen.findByRole('heading', { name: 'TRC20 与 ERC20 的区别' })).toBeInTheDocument();
  });
});
