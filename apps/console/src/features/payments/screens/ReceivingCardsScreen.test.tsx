import { MSG_CARD_NO_LENGTH } from '@app/contract/cashier';
import {
  consoleCreateReceivingCard,
  consoleReceivingCards,
  consoleSetReceivingCardEnabled,
  MSG_RECEIVING_BANK,
  MSG_RECEIVING_LAST,
  MSG_RECEIVING_NO_TAKEN,
  MSG_RECEIVING_OWNER,
  type ReceivingCard,
} from '@app/contract/console-payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
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
  it('adds a card: checks the fields, shows the server refusal, then sends the card', async () => {
    let sent: unknown[] = [];
    server.use(
      answer(consoleReceivingCards, { items: [CARD] }),
      answer(consoleCreateReceivingCard, (input) => {
        sent = [...sent, input];
        return sent.length === 1
          ? { refuse: { status: 409, message: MSG_RECEIVING_NO_TAKEN } }
          : { ...CARD, id: 2, bank_no: '6217000010012345678' };
      }),
    );
    renderScreen(<ReceivingCardsScreen />);
    await screen.findByText('6222020200112233445');
    await userEvent.click(screen.getByRole('button', { name: '新增收款银行卡' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('卡号'));
    await userEvent.paste('1234');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
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
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(MSG_RECEIVING_NO_TAKEN)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('已新增收款银行卡')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      bank_name: '中国建设银行',
      bank_no: '6217000010012345678',
      owner: '演示收款公司',
      address: '',
    });
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
