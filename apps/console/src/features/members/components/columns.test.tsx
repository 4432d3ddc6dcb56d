import { consoleMemberLotteryOrders } from '@app/contract/console-members';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { LOTTERY_COLUMNS } from './columns';
import { MemberList } from './MemberList';

describe('the member page’s lottery orders', () => {
  it('read "加拿大28 第N期": the lottery by its title and the round, never an id or a code', async () => {
    server.use(
      answer(consoleMemberLotteryOrders, {
        total: 1,
        items: [
          {
            id: '88',
            lottery: '加拿大28',
            round: '20261127001',
            play: '大',
            stake: '10.00',
            odds: '2.00',
            state_label: '已中奖',
            payout: '20.00',
            at: '2026-11-27 10:00:00',
          },
        ],
      }),
    );
    renderScreen(<MemberList kind="lotteryOrders" memberId={10001} columns={LOTTERY_COLUMNS} />);
    expect(await screen.findByText('加拿大28 第20261127001期')).toBeInTheDocument();
    expect(screen.getAllByText('彩种 / 期号').length).toBeGreaterThan(0);
    expect(screen.queryByText('88')).toBeNull();
  }, 40_000);
});
