import {
  consoleSupportCanned,
  consoleSupportCannedDelete,
  consoleSupportCannedSave,
  consoleSupportConversation,
  consoleSupportFigures,
  consoleSupportPresence,
  consoleSupportSearch,
  MSG_SUPPORT_CANNED_BODY,
  MSG_SUPPORT_CANNED_TITLE,
  MSG_SUPPORT_MAX_OPEN,
  MSG_SUPPORT_NICKNAME_OPERATOR,
  MSG_SUPPORT_NOT_MEMBER,
  MSG_SUPPORT_RANGE,
} from '@app/contract/console-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { ADMIN, btn, conversation, dialog, FINANCE, KEFU, row } from '../screens/support-fixtures';
import { CannedPanel } from './CannedPanel';
import { FiguresPanel } from './FiguresPanel';
import { secondsLabel } from '@/shared/supportFigures';
import { MemberPanel } from './MemberPanel';
import { PresenceBar } from './PresenceBar';
import { rangeProblem, SearchPanel } from './SearchPanel';
import { waitingLabel } from './waiting';

/** The form's messages as shown, top to bottom. */
const formErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

const CANNED = {
  id: 3,
  title: '取款进度',
  body: '取款一般 30 分钟内到账',
  sort: 1,
  updated_by: 'admin01',
  updated_at: '2026-11-29 09:00:00',
};

describe('快捷回复', { timeout: 40_000 }, () => {
  it('a 客服 and a 财务 read them without any write', async () => {
    for (const operator of [KEFU, FINANCE]) {
      server.use(answer(consoleSupportCanned, { items: [CANNED] }));
      const { unmount } = renderScreen(<CannedPanel />, { operator });
      expect(await screen.findByText('取款一般 30 分钟内到账')).toBeInTheDocument();
      expect(screen.getByText('快捷回复由超级管理员维护，您可以在回复框中选用。')).toBeInTheDocument();
      expect(screen.queryByText('新建快捷回复')).not.toBeInTheDocument();
      expect(screen.queryByText('编 辑')).not.toBeInTheDocument();
      expect(screen.queryByText('删 除')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('超级管理员 creates one: the contract’s messages in order, then the save', async () => {
    const saved: unknown[] = [];
    server.use(
      answer(consoleSupportCanned, { items: [] }),
      answer(consoleSupportCannedSave, (i) => {
        saved.push(i);
        return { ...CANNED, title: i.title, body: i.body, sort: Number(i.sort ?? 0), id: 4 };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<CannedPanel />, { operator: ADMIN });
    expect(await screen.findByText('暂无快捷回复')).toBeInTheDocument();
    await user.click(btn(document.body, '新建快捷回复'));
    const modal = await dialog();
    await user.click(btn(modal, '保 存'));
    await waitFor(() => expect(formErrors()).toEqual([MSG_SUPPORT_CANNED_TITLE, MSG_SUPPORT_CANNED_BODY]));
    await user.type(within(modal).getByLabelText('标题'), '问候');
    await user.type(within(modal).getByLabelText('回复内容'), '您好');
    await user.click(btn(modal, '保 存'));
    await waitFor(() => expect(saved).toEqual([{ title: '问候', body: '您好', sort: 0 }]));
  }, 30_000);

  it('超级管理员 edits and deletes one; a refusal is shown', async () => {
    const saved: unknown[] = [];
    server.use(
      answer(consoleSupportCanned, { items: [CANNED] }),
      answer(consoleSupportCannedSave, (i) => {
        saved.push(i);
        return { ...CANNED, title: i.title, body: i.body };
      }),
      answer(consoleSupportCannedDelete, { refuse: { status: 404, message: '快捷回复不存在' } }),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<CannedPanel />, { operator: ADMIN });
    await user.click(await screen.findByText('编 辑'));
    const modal = await dialog();
    const title = within(modal).getByLabelText('标题');
    await user.clear(title);
    await user.type(title, '取款说明');
    await user.click(btn(modal, '保 存'));
    await waitFor(() => expect(saved).toEqual([{ ...pick(CANNED), title: '取款说明' }]));
    await user.click(btn(document.body, '删 除'));
    const confirm = await waitFor(() => {
      const t = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!t) throw new Error('no confirm');
      return t;
    });
    await user.click(btn(confirm, '删 除'));
    expect(await screen.findByText('快捷回复不存在')).toBeInTheDocument();
  }, 30_000);
});

const pick = (c: typeof CANNED) => ({ id: c.id, title: c.title, body: c.body, sort: c.sort });

describe('我的状态', { timeout: 40_000 }, () => {
  it('checks 同时接待 and 客服昵称 with the contract’s messages in order, then saves', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleSupportPresence, (i) => {
        sent.push(i);
        return { online: i.online, max_open: i.max_open ?? 5, nickname: i.nickname ?? '小美', open: 0 };
      }),
    );
    const user = userEvent.setup({ delay: null });
    const me = { online: false, max_open: 5, nickname: '小美', open: 0 };
    renderScreen(<PresenceBar me={me} sound setSound={() => undefined} />, { operator: KEFU });
    await user.clear(screen.getByLabelText('同时接待'));
    await user.type(screen.getByLabelText('同时接待'), '99');
    await user.clear(screen.getByLabelText('客服昵称'));
    await user.click(btn(document.body, '保 存'));
    await waitFor(() => expect(formErrors()).toEqual([MSG_SUPPORT_MAX_OPEN, MSG_SUPPORT_NICKNAME_OPERATOR]));
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('同时接待'));
    await user.type(screen.getByLabelText('同时接待'), '8');
    await user.type(screen.getByLabelText('客服昵称'), '小丽');
    await user.click(btn(document.body, '保 存'));
    await waitFor(() => expect(sent).toEqual([{ online: false, max_open: 8, nickname: '小丽' }]));
    await user.click(screen.getByLabelText('在线状态'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ online: true });
  }, 30_000);
});

describe('会话记录', { timeout: 40_000 }, () => {
  it('refuses a range past 92 days and an end before the start, in the contract’s words', () => {
    expect(rangeProblem([dayjs('2026-01-01'), dayjs('2026-04-02')])).toBe(null);
    expect(rangeProblem([dayjs('2026-01-01'), dayjs('2026-04-03')])).toBe(MSG_SUPPORT_RANGE);
    expect(rangeProblem([dayjs('2026-02-01'), dayjs('2026-01-01')])).toBe('结束日期不能早于开始日期');
    expect(rangeProblem(null)).toBe('请选择日期范围');
  });

  it('searches text and name over the last 7 days, pages, and opens a transcript read-only', async () => {
    const asked: Record<string, unknown>[] = [];
    const hit = { ...row({ state: 'closed', close_tag: '充值', rating: 5 }), match: '存款未到账' };
    server.use(
      answer(consoleSupportSearch, (i) => {
        asked.push(i);
        return { items: [hit], total: 1 };
      }),
      answer(consoleSupportConversation, conversation(hit)),
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<SearchPanel />, { operator: KEFU });
    await user.type(screen.getByPlaceholderText('消息内容'), '存款');
    await user.type(screen.getByPlaceholderText('名称开头'), 'player');
    await user.click(btn(document.body, '查 询'));
    const cell = await screen.findByText('存款未到账');
    expect(asked[0]).toMatchObject({ q: '存款', name: 'player', page: '1', pageSize: '20' });
    const days = dayjs(String(asked[0]?.end_date)).diff(dayjs(String(asked[0]?.start_date)), 'day');
    expect(days).toBe(6);
    expect(screen.getByText('共 1 个会话')).toBeInTheDocument();
    await user.click(cell);
    const drawer = await dialog();
    expect(await within(drawer).findByText('小美 为您服务')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('回复内容')).not.toBeInTheDocument();
  });
});

describe('统计 and the member panel', { timeout: 40_000 }, () => {
  it('shows the day’s figures per operator', async () => {
    server.use(
      answer(consoleSupportFigures, {
        rows: [
          {
            operator: { id: 7, name: 'kefu01', nickname: '小美' },
            conversations: 12,
            closed: 10,
            first_response_median: 45,
            first_response_avg: 75,
            ratings: 4,
            rating_avg: 4.5,
          },
        ],
      }),
    );
    renderScreen(<FiguresPanel />, { operator: KEFU });
    expect(await screen.findByText('小美（kefu01）')).toBeInTheDocument();
    expect(screen.getByText('45 秒')).toBeInTheDocument();
    expect(screen.getByText('1 分 15 秒')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(secondsLabel(null)).toBe('—');
  });

  it('shows a visitor’s nickname only (no member call)', () => {
    renderScreen(<MemberPanel conversation={row({ kind: 'visitor', user_id: null, name: '小王' })} />, {
      operator: KEFU,
    });
    expect(screen.getByText('小王')).toBeInTheDocument();
    expect(screen.getByText(MSG_SUPPORT_NOT_MEMBER)).toBeInTheDocument();
  });

  it('says waiting times in Chinese', () => {
    expect(waitingLabel(45)).toBe('等待 45 秒');
    expect(waitingLabel(185)).toBe('等待 3 分钟');
    expect(waitingLabel(3900)).toBe('等待 1 小时 5 分钟');
  });
});
