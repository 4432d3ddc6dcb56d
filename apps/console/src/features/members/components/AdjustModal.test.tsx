import { consoleAdjustMember } from '@app/contract/console-members';
import type { RequestOf } from '@app/contract/define';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@test/render';
import { answerTicket } from '@test/ticket';
import { server } from '@test/msw';
import { AdjustModal } from './AdjustModal';

const SUBMITTED = '已提交复核（调整余额），另一位财务或超级管理员通过后生效';

describe('AdjustModal', { timeout: 60_000 }, () => {
  it('a credit above the review amount goes to 待复核: the server’s message, no balance claimed', async () => {
    const sent: RequestOf<typeof consoleAdjustMember>[] = [];
    server.use(
      answerTicket(
        consoleAdjustMember,
        { review_id: 12, summary: '给会员 alice 加款 8000.00（不计打码量）' },
        SUBMITTED,
        sent,
      ),
    );
    const onClose = vi.fn();
    renderScreen(
      <AdjustModal member={{ id: 10001, name: 'alice' }} balance="1000.00" open onClose={onClose} />,
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/须另一位财务或超级管理员在「待复核」中通过后才生效/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '8000' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '补偿' } });
    await user.click(screen.getByRole('checkbox', { name: '计入打码量' }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await user.click(await screen.findByRole('button', { name: '确认加款' }));
    expect(await screen.findByText(`${SUBMITTED}；通过前会员余额不变`)).toBeInTheDocument();
    expect(screen.queryByText(/成功，中心钱包余额/)).toBeNull();
    expect(sent[0]).toMatchObject({ id: 10001, direction: 'credit', amount: '8000', turnover: false });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
