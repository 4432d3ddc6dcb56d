import { bindCard } from '@app/contract/cashier';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createsOnce } from '@test/msw/creating';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* 确认绑定 tapped twice (issue 30): one binding sent, no 该卡号已绑定, back to the cards as after one tap. */

function bindsOnce() {
  const { handler, sent } = createsOnce(bindCard, {
    data: null,
    message: '绑定成功',
    refusal: '该卡号已绑定',
  });
  server.use(handler);
  return sent;
}

describe('确认绑定 tapped twice', () => {
  it('/addBankCard binds one card and shows no error', async () => {
    const sent = bindsOnce();
    const { user, location } = renderApp('/addBankCard', { token: 'tok' });
    await user.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await user.click(screen.getByRole('button', { name: '开户银行' }));
    // The picker opens with the first bank chosen; its buttons take taps once the popup has opened.
    const current = await screen.findByRole('button', { name: /^当前选择的是：/ });
    await waitFor(() =>
      expect(current.closest<HTMLElement>('.adm-popup-body')?.style.pointerEvents).not.toBe('none'),
    );
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '开户银行' })).toHaveTextContent('银行'));
    await user.type(screen.getByPlaceholderText('请输入开户行地址'), '北京分行');
    await user.type(screen.getByPlaceholderText('请输入银行卡号'), '6222020000001234');
    await user.type(screen.getByPlaceholderText('请输入支付密码'), '123456');

    await user.dblClick(screen.getByRole('button', { name: '确认绑定' }));

    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/wallet?name=2'));
    expect(screen.queryByText('该卡号已绑定')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
  });

  it('/addUsdtCard binds one address and shows no error', async () => {
    const sent = bindsOnce();
    const { user, location } = renderApp('/addUsdtCard', { token: 'tok' });
    await user.type(await screen.findByPlaceholderText('请输入USDT地址'), `T${'A'.repeat(33)}`);
    await user.type(screen.getByPlaceholderText('请输入支付密码'), '123456');

    await user.dblClick(screen.getByRole('button', { name: '确认绑定' }));

    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/wallet?name=1'));
    expect(screen.queryByText('该卡号已绑定')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
  });
});
