import { activityApplications } from '@app/contract/promo';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@app/mobile/test/msw-contract';
import { promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

describe('/activityRecord states', () => {
  it('shows 审核中 / 已通过 / 已拒绝 as coloured state tags', async () => {
    server.use(
      reply(activityApplications, {
        data: [
          { id: 1, activity_name: '首存送100%', created_at: '2026-11-20 10:00:00', state: 1 },
          { id: 2, activity_name: '每日签到', created_at: '2026-11-19 10:00:00', state: 2, money: '18.00' },
          { id: 3, activity_name: '周末救援金', created_at: '2026-11-18 10:00:00', state: 3 },
        ],
        total: 3,
      }),
      ...promoHandlers,
    );
    renderApp('/activityRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '申请记录' });
    const items = within(list).getAllByRole('listitem');
    const tag = (i: number, label: string) => within(items[i] as HTMLElement).getByText(label);
    expect(tag(0, '审核中')).toHaveClass('state-tag', 'state-tag-pending');
    expect(tag(1, '已通过')).toHaveClass('state-tag', 'state-tag-success');
    expect(tag(2, '已拒绝')).toHaveClass('state-tag', 'state-tag-failed');
  });
});
