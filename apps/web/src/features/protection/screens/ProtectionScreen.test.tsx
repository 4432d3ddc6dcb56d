import { logoff } from '@app/contract/auth';
import {
  confirmPlayLimit,
  MSG_LIMIT_AMOUNT,
  MSG_LIMIT_ORDER_DAY,
  protection,
  setPlayLimit,
  setRealityCheck,
  takeBreak,
} from '@app/contract/protection';
import type { ReplyOf } from '@app/contract/define';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { dialogButton } from '@test/dialog';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

const T = '2030-03-02 12:00:00';
const NO_SESSION_LIMIT = { minutes: 0, pending: null };
type LimitWire = ReplyOf<typeof protection>['limits'][number];
const limit = (over: Partial<LimitWire> = {}): LimitWire => ({
  kind: 'deposit' as const,
  period: 'day' as const,
  amount: '500.00',
  used: '200.00',
  remaining: '300.00',
  resets_at: T,
  pending: null,
  ...over,
});

function record() {
  const sent: { limit: unknown[]; confirm: unknown[]; break: unknown[]; logoff: number } = {
    limit: [],
    confirm: [],
    break: [],
    logoff: 0,
  };
  server.use(
    replyWith(
      setPlayLimit,
      async (r) => (
        sent.limit.push(await r.json()),
        { limits: [limit()], break: null, reality_check: 0, session_limit: NO_SESSION_LIMIT }
      ),
      '设置成功',
    ),
    replyWith(
      confirmPlayLimit,
      async (r) => (
        sent.confirm.push(await r.json()),
        { limits: [], break: null, reality_check: 0, session_limit: NO_SESSION_LIMIT }
      ),
    ),
    replyWith(
      takeBreak,
      async (r) => (
        sent.break.push(await r.json()),
        { limits: [], break: null, reality_check: 0, session_limit: NO_SESSION_LIMIT }
      ),
      '已生效，您已退出登录',
    ),
    replyWith(logoff, () => ((sent.logoff += 1), null)),
  );
  return sent;
}

describe('/protection', () => {
  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/protection');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fprotection'));
  });

  it('shows each kind with its three periods, a limit with its use and when it restarts', async () => {
    server.use(
      reply(protection, {
        limits: [limit()],
        break: null,
        reality_check: 0,
        session_limit: NO_SESSION_LIMIT,
      }),
    );
    renderApp('/protection', { token: 'tok' });
    const deposit = await screen.findByRole('region', { name: '存款限额' });
    expect(within(deposit).getByText('500.00 元')).toBeInTheDocument();
    expect(within(deposit).getByText('已用 200.00 · 剩余 300.00 · 03-02 12:00 重置')).toBeInTheDocument();
    expect(within(deposit).getAllByText('未设置')).toHaveLength(2);
    for (const kind of ['亏损限额', '投注限额']) {
      expect(within(screen.getByRole('region', { name: kind })).getAllByText('未设置')).toHaveLength(3);
    }
  });

  it('checks the amount before sending; says the server’s refusal; a saved limit replaces the state', async () => {
    const sent = record();
    const { user } = renderApp('/protection', { token: 'tok' });
    const loss = await screen.findByRole('region', { name: '亏损限额' });
    await user.click(within(loss).getByRole('button', { name: '每24小时亏损限额' }));
    const field = within(loss).getByRole('textbox', { name: '每24小时亏损限额金额' });
    for (const bad of ['', '0', 'abc', '1.234']) {
      await user.clear(field);
      if (bad) await user.type(field, bad);
      await user.click(within(loss).getByRole('button', { name: '保存' }));
      expect(await screen.findByText(MSG_LIMIT_AMOUNT)).toBeInTheDocument();
    }
    expect(sent.limit).toEqual([]);
    server.use(fail(setPlayLimit, 400, MSG_LIMIT_ORDER_DAY));
    await user.clear(field);
    await user.type(field, '900');
    await user.click(within(loss).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(MSG_LIMIT_ORDER_DAY)).toBeInTheDocument();
    expect(field).toHaveValue('900');
  });

  it('a saved limit shows at once; a waiting raise says when it may be confirmed, then confirms', async () => {
    const sent = record();
    server.use(
      reply(protection, {
        limits: [
          limit({ pending: { amount: '800.00', confirm_from: '2000-01-01 00:00:00', confirm_by: T } }),
        ],
        break: null,
        reality_check: 0,
        session_limit: NO_SESSION_LIMIT,
      }),
    );
    const { user } = renderApp('/protection', { token: 'tok' });
    const deposit = await screen.findByRole('region', { name: '存款限额' });
    expect(await within(deposit).findByText('调整为 800.00：请于 03-02 12:00 前确认')).toBeInTheDocument();
    await user.click(within(deposit).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(sent.confirm).toEqual([{ kind: 'deposit', period: 'day' }]));
    expect(await screen.findByText('ok')).toBeInTheDocument();
  });

  it('a time-out needs a length and the confirmation, then the session ends here without asking the server', async () => {
    const sent = record();
    const { user, location } = renderApp('/protection', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '暂停与自我排除' });
    await user.click(within(card).getByRole('button', { name: '确认暂停' }));
    expect(await screen.findByText('请选择时长')).toBeInTheDocument();
    await user.click(within(card).getByRole('tab', { name: '自我排除' }));
    await user.click(within(card).getByRole('radio', { name: '5年' }));
    await user.click(within(card).getByRole('button', { name: '确认自我排除' }));
    expect(
      await screen.findByText('确定自我排除5年吗？立即生效并退出登录，期间不能提前取消。'),
    ).toBeInTheDocument();
    await user.click(await dialogButton('确定'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sent.break).toEqual([{ kind: 'exclusion', months: 60, confirm: 1 }]);
    expect(sent.logoff).toBe(0);
  });

  it('游戏时间提醒: the interval chosen is sent and shown as chosen', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(
        setRealityCheck,
        async (r) => (
          sent.push(await r.json()),
          { limits: [], break: null, reality_check: 30, session_limit: NO_SESSION_LIMIT }
        ),
      ),
    );
    const { user } = renderApp('/protection', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '游戏时间提醒' });
    expect(within(card).getByRole('radio', { name: '关闭' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(card).getByRole('radio', { name: '30分钟' }));
    expect(await screen.findByText('将每30分钟提醒一次')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: '30分钟' })).toHaveAttribute('aria-checked', 'true');
    expect(sent).toEqual([{ minutes: 30 }]);
  });

  it('during a break: until when, withdrawing only, no new break offered', async () => {
    server.use(
      reply(protection, {
        limits: [],
        break: { kind: 'timeout', started_at: T, ends_at: '2030-03-09 12:00:00' },
        reality_check: 0,
        session_limit: NO_SESSION_LIMIT,
      }),
    );
    const { user, location } = renderApp('/protection', { token: 'tok' });
    expect(
      await screen.findByText('您已暂停游戏至 2030-03-09 12:00，期间只能提款和查看记录。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '暂停与自我排除' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '去提款' }));
    await waitFor(() => expect(location()).toBe('/withdrawal'));
  });
});
