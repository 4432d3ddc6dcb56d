import { MSG_CARD_NO_LENGTH } from '@app/contract/cashier';
import {
  consoleCreateReceivingCard,
  consoleReceivingCards,
  consoleSetReceivingCardEnabled,
  consoleUpdateReceivingCard,
  MSG_RECEIVING_BANK,
  MSG_RECEIVING_LAST,
  MSG_RECEIVING_NO_TAKEN,
  MSG_RECEIVING_OWNER,
  type ReceivingCard,
} from '@app/contract/console-payments';
import type { RequestOf } from '@app/contract/define';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import ReceivingCardsScreen from './ReceivingCardsScreen';

const CARD: ReceivingCard = {
  id: 1,
  bank_name: '中国工商银行',
  bank_no: '6222020200112233445',
  owner: '演示收款公司',
  address: '北京市朝阳支行',
  enabled: true,
};

describe('ReceivingCardsScreen', { timeout: 120_000 }, () => {
  it('adds a card: checks the fields, shows the server refusal, then sends it to 待复核', async () => {
    let sent: unknown[] = [];
    server.use(
      answer(consoleReceivingCards, { items: [CARD] }),
      answer(consoleCreateReceivingCard, (input) => {
        sent = [...sent, input];
        return sent.length === 1
          ? { refuse: { status: 409, message: MSG_RECEIVING_NO_TAKEN } }
          : { review_id: 4, summary: '新增收款银行卡：中国建设银行 ****5678（演示收款公司）' };
      }),
    );
    renderScreen(<ReceivingCardsScreen />);
    await screen.findByText('6222020200112233445');
    await userEvent.click(screen.getByRole('button', { name: '新增收款银行卡' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('卡号'));
    await userEvent.paste('1234');
    await userEvent.click(within(dialog).getByRole('button', { name: /提交复核/ }));
    expect(await within(dialog).findByText(MSG_RECEIVING_BANK)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_RECEIVING_OWNER)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG_CARD_NO_LENGTH)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('银行'));
    await userEvent.paste('中国建设银行');
    await userEvent.clear(within(dialog).getByLabelText('卡号'));
    await userEvent.click(within(dialog).getByLabelText('卡号'));
    await userEvent.paste('6217 0000 1001 2345 678');
    await userEvent.click(within(dialog).getByLabelText('开户人'));
    await userEvent.paste('演示收款公司');
    await userEvent.click(within(dialog).getByRole('button', { name: /提交复核/ }));
    expect(await within(dialog).findByText(MSG_RECEIVING_NO_TAKEN)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /提交复核/ }));
    // The generic reply of the test server: the contract's words; the list stays as it was.
    expect(
      await screen.findByText(
        '已提交复核（新增收款银行卡），另一位财务或超级管理员通过后生效；通过后才会出现在列表中',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('6217000010012345678')).toBeNull();
    expect(sent[1]).toEqual({
      bank_name: '中国建设银行',
      bank_no: '6217000010012345678',
      owner: '演示收款公司',
      address: '',
    });
  });

  it('editing a card goes to 待复核 with the server’s message; the list does not change', async () => {
    const sent: RequestOf<typeof consoleUpdateReceivingCard>[] = [];
    server.use(
      answer(consoleReceivingCards, { items: [CARD] }),
      answerTicket(
        consoleUpdateReceivingCard,
        { review_id: 5, summary: '修改收款银行卡：中国工商银行 ****3445（新收款公司）' },
        '已提交复核（修改收款银行卡），另一位财务或超级管理员通过后生效',
        sent,
      ),
    );
    renderScreen(<ReceivingCardsScreen />);
    await screen.findByText('6222020200112233445');
    await userEvent.click(screen.getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/通过前列表不变/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('开户人'));
    await userEvent.click(within(dialog).getByLabelText('开户人'));
    await userEvent.paste('新收款公司');
    await userEvent.click(within(dialog).getByRole('button', { name: /提交复核/ }));
    expect(
      await screen.findByText(
        '已提交复核（修改收款银行卡），另一位财务或超级管理员通过后生效；通过前列表和会员看到的仍是原银行卡信息',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: 1,
        bank_name: '中国工商银行',
        bank_no: '6222020200112233445',
        owner: '新收款公司',
        address: '北京市朝阳支行',
      },
    ]);
    expect(screen.getByText('演示收款公司')).toBeInTheDocument();
  });

  it('disabling asks first; the last card refusal is shown', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleReceivingCards, { items: [CARD] }),
      answer(consoleSetReceivingCardEnabled, (input) => {
        sent.push(input);
        return { refuse: { status: 400, message: MSG_RECEIVING_LAST } };
      }),
    );
    renderScreen(<ReceivingCardsScreen />);
    await screen.findByText('6222020200112233445');
    await userEvent.click(screen.getByRole('button', { name: /停\s?用/ }));
    await userEvent.click(await screen.findByRole('button', { name: '确认停用' }));
    expect(await screen.findByText(MSG_RECEIVING_LAST)).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ id: 1, enabled: false }]));
  });
});
