import { consoleMemberTags } from '@app/contract/console-annotations';
import {
  consoleCancelMessageBatch,
  consoleMessageBatches,
  consoleScheduleMessage,
  consoleSegments,
  type MessageBatchRow,
  type SegmentRow,
} from '@app/contract/console-segments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import BulkMessagesScreen from './BulkMessagesScreen';

const SUPPORT = { ...TEST_OPERATOR, name: 'kefu01', role: 'support' as const };

const segment = (over: Partial<SegmentRow> = {}): SegmentRow => ({
  id: 3,
  name: '高价值客户',
  filters: { tag: 7, vip: 3, balance_min: 10000, reg_from: '2026-11-01', reg_to: '2026-11-20' },
  members: 12,
  created_by: 'kefu01',
  created_at: '2026-11-25 10:00:00',
  ...over,
});
const batch = (over: Partial<MessageBatchRow> = {}): MessageBatchRow => ({
  id: 5,
  title: '周末活动',
  content: '本周末<br>存款加赠',
  segment: '高价值客户',
  send_at: '2026-11-29 20:00:00',
  state: 0,
  recipients: 0,
  created_by: 'kefu01',
  sent_at: null,
  cancelled_by: '',
  ...over,
});
const tags = {
  items: [{ id: 7, name: 'VIP客户', color: '#f5222d', members: 12, created_at: '2026-11-01 00:00:00' }],
};

describe('BulkMessagesScreen', { timeout: 60_000 }, () => {
  it('lists the segments with their filters in words and what was sent', async () => {
    server.use(
      answer(consoleSegments, { items: [segment()] }),
      answer(consoleMemberTags, tags),
      answer(consoleMessageBatches, {
        total: 2,
        items: [
          batch(),
          batch({ id: 4, title: '上线通知', state: 1, recipients: 12, sent_at: '2026-11-27 09:00:00' }),
        ],
      }),
    );
    renderScreen(<BulkMessagesScreen />, { operator: SUPPORT });
    await waitFor(() =>
      expect(document.querySelector('.parts')?.textContent).toBe(
        '标签：VIP客户 · VIP 3 · 注册 2026-11-01 至 2026-11-20 · 余额 ≥ 100.00',
      ),
    );
    const sent = screen.getByText('上线通知').closest('tr') as HTMLElement;
    expect(within(sent).getByText('已发送')).toBeInTheDocument();
    expect(within(sent).getByText('12')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(
      within(screen.getByText('周末活动').closest('tr') as HTMLElement).getByText('待发送'),
    ).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
  });

  it('checks 分群, then 标题, then 内容, and sends now after confirming', async () => {
    const asked: unknown[] = [];
    server.use(
      answer(consoleSegments, { items: [segment()] }),
      answer(consoleMemberTags, tags),
      answer(consoleMessageBatches, { total: 0, items: [] }),
      answer(consoleScheduleMessage, (input) => {
        asked.push(input);
        return batch({ title: String(input.title) });
      }),
    );
    renderScreen(<BulkMessagesScreen />, { operator: SUPPORT });
    await screen.findByText('还没有群发过消息');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent),
      ).toEqual(['请选择分群', '请输入标题', '请输入内容']),
    );
    await user.click(screen.getByRole('combobox', { name: '分群' }));
    await user.click(await screen.findByTitle('高价值客户（12 人）'));
    await user.type(screen.getByLabelText('标题'), ' 周末活动 ');
    await user.type(screen.getByLabelText('内容'), '本周末存款加赠');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() =>
      expect(asked).toEqual([{ segment_id: 3, title: '周末活动', content: '本周末存款加赠', send_at: '' }]),
    );
  });

  it('schedules at a chosen minute without asking again, and shows a time refusal on 发送时间', async () => {
    const asked: { send_at?: unknown }[] = [];
    server.use(
      answer(consoleSegments, { items: [segment()] }),
      answer(consoleMemberTags, tags),
      answer(consoleMessageBatches, { total: 0, items: [] }),
      answer(consoleScheduleMessage, (input) => {
        asked.push(input);
        if (asked.length === 1) return { refuse: { status: 400, message: '发送时间不能早于当前时间' } };
        return batch();
      }),
    );
    renderScreen(<BulkMessagesScreen />, { operator: SUPPORT });
    await screen.findByText('还没有群发过消息');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: '分群' }));
    await user.click(await screen.findByTitle('高价值客户（12 人）'));
    await user.type(screen.getByLabelText('标题'), '明日提醒');
    await user.type(screen.getByLabelText('内容'), '明天见');
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    await user.type(screen.getByLabelText('发送时间'), `${tomorrow} 10:00`);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await user.click(await screen.findByRole('button', { name: '定时发送' }));
    expect(
      await screen.findByText('发送时间不能早于当前时间', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: '定时发送' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({
      segment_id: 3,
      title: '明日提醒',
      content: '明天见',
      send_at: `${tomorrow} 10:00`,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal of the server on its field', async () => {
    server.use(
      answer(consoleSegments, { items: [segment()] }),
      answer(consoleMemberTags, tags),
      answer(consoleMessageBatches, { total: 0, items: [] }),
      answer(consoleScheduleMessage, { refuse: { status: 400, message: '分群不存在' } }),
    );
    renderScreen(<BulkMessagesScreen />, { operator: SUPPORT });
    await screen.findByText('还没有群发过消息');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: '分群' }));
    await user.click(await screen.findByTitle('高价值客户（12 人）'));
    await user.type(screen.getByLabelText('标题'), '提醒');
    await user.type(screen.getByLabelText('内容'), '您好');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/向分群“高价值客户”（当前 12 人）发送站内信《提醒》/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^发\s*送$/ }));
    expect(
      await screen.findByText('分群不存在', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  });

  it('cancels a scheduled message after confirming', async () => {
    const cancelled: unknown[] = [];
    let state = 0;
    server.use(
      answer(consoleSegments, { items: [] }),
      answer(consoleMemberTags, tags),
      answer(consoleMessageBatches, () => ({
        total: 1,
        items: [batch({ state, cancelled_by: state ? 'kefu01' : '' })],
      })),
      answer(consoleCancelMessageBatch, (input) => {
        cancelled.push(input);
        state = 2;
        return batch({ state: 2, cancelled_by: 'kefu01' });
      }),
    );
    renderScreen(<BulkMessagesScreen />, { operator: SUPPORT });
    expect(await screen.findByText('还没有分群：在会员管理中按条件筛选后保存')).toBeInTheDocument();
    const row = (await screen.findByText('周末活动')).closest('tr') as HTMLElement;
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: /取\s*消/ }));
    await user.click(await screen.findByRole('button', { name: '取消发送' }));
    expect(await screen.findByText('已取消定时发送')).toBeInTheDocument();
    expect(cancelled).toEqual([{ id: 5 }]);
    expect(await screen.findByText('已取消')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^取\s*消$/ })).toBeNull();
  });
});
