import * as csv from '@app/contract/csv';
import type { ReplyOf } from '@app/contract/define';
import { accountRecords } from '@app/contract/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@test/msw/server';
import { withOffsetParents } from '@test/layout';
import { renderApp, stubRoute } from '@test/render';

type Page = ReplyOf<typeof accountRecords>;

function record(n: number, state = 1): Page['data'] extends (infer R)[] | null | undefined ? R : never {
  return {
    out_trade_no: `D${n}`,
    amount: `${100 + n}.00`,
    pay_way: 'USDT',
    state,
    created_at: '2026-11-20 10:00:00',
  };
}

/** Pages of 10 out of `total`, recording each request's body. */
function records(total: number) {
  const sent: { date: number; type: number; page: number }[] = [];
  server.use(
    http.post(accountRecords.path, async ({ request }) => {
      const body = (await request.json()) as { date: number; type: number; page: number };
      sent.push(body);
      const from = (body.page - 1) * 10;
      const data = Array.from({ length: Math.max(0, Math.min(10, total - from)) }, (_, i) =>
        record(from + i + 1),
      );
      return HttpResponse.json({ code: 200, message: 'ok', data: { data, total } satisfies Page });
    }),
  );
  return sent;
}

describe('/transRecord', () => {
  withOffsetParents();
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor to /login first', async () => {
    const { location } = renderApp('/transRecord');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2FtransRecord'));
  });

  it('shows the empty state for the default filters (近30天, 存款)', async () => {
    const sent = records(0);
    renderApp('/transRecord', { token: 'tok' });
    expect(await screen.findByText('暂无记录')).toBeInTheDocument();
    expect(sent[0]).toEqual({ date: 4, type: 1, page: 1 });
    expect(screen.getByRole('button', { name: '近30天' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '存款' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads the pages one after the other and ends with 没有更多了', async () => {
    const sent = records(15);
    renderApp('/transRecord', { token: 'tok' });
    const list = await screen.findByRole('list', { name: '交易记录' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(15));
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(sent.map((s) => s.page)).toEqual([1, 2]);
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('订单号：D1');
    expect(first).toHaveTextContent('101.00');
    expect(first).toHaveTextContent('USDT');
    expect(first).toHaveTextContent('审核中');
    expect(first).toHaveTextContent('2026-11-20 10:00:00');
  });

  it('asks again with the chosen date and type', async () => {
    const sent = records(1);
    const { user } = renderApp('/transRecord', { token: 'tok' });
    await screen.findByRole('list', { name: '交易记录' });
    await user.click(screen.getByRole('button', { name: '今天' }));
    await user.click(screen.getByRole('button', { name: '转出' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 1, type: 4, page: 1 }));
    expect(await screen.findByText('成功')).toBeInTheDocument();
  });

  it('opens on the filter of the address (?type=2 after a withdrawal) and keeps a change there', async () => {
    const sent = records(1);
    const { user, location } = renderApp('/transRecord?type=2', { token: 'tok' });
    await screen.findByRole('list', { name: '交易记录' });
    expect(sent[0]).toEqual({ date: 4, type: 2, page: 1 });
    expect(screen.getByRole('button', { name: '取款' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '近7天' }));
    await waitFor(() => expect(location()).toBe('/transRecord?type=2&date=2'));
    await waitFor(() => expect(sent.at(-1)).toEqual({ date: 2, type: 2, page: 1 }));
  });

  it('shows pay ways in Chinese, never their codes', async () => {
    const reply = (type: number): Page['data'] => {
      const way = { 1: 'usdt-TRC20', 2: 'bank', 3: 'AG真人', 4: '一键回收' }[type] ?? '';
      return [{ ...record(1), out_trade_no: `T${type}`, pay_way: way }];
    };
    server.use(
      http.post(accountRecords.path, async ({ request }) => {
        const body = (await request.json()) as { type: number };
        return HttpResponse.json({ code: 200, message: 'ok', data: { data: reply(body.type), total: 1 } });
      }),
    );
    const { user } = renderApp('/transRecord', { token: 'tok' });
    const item = async () =>
      within(await screen.findByRole('list', { name: '交易记录' })).getByRole('listitem');
    expect(await item()).toHaveTextContent('USDT-TRC20');
    await user.click(screen.getByRole('button', { name: '取款' }));
    await waitFor(async () => expect(await item()).toHaveTextContent('银行卡'));
    expect(await item()).not.toHaveTextContent('bank');
    await user.click(screen.getByRole('button', { name: '转入' }));
    await waitFor(async () => expect(await item()).toHaveTextContent('中心钱包 → AG真人'));
    await user.click(screen.getByRole('button', { name: '转出' }));
    await waitFor(async () => expect(await item()).toHaveTextContent('一键回收'));
  });

  it.each([
    [1, [1, 2, 3, 9], ['审核中', '已通过', '已拒绝', '未知']],
    [3, [2, 1, 0, 9], ['待结算', '成功', '失败', '未知']],
  ] as const)('type %i shows each state as a coloured tag', async (type, states, labels) => {
    server.use(
      http.post(accountRecords.path, () =>
        HttpResponse.json({
          code: 200,
          message: 'ok',
          data: { data: states.map((s, i) => record(i + 1, s)), total: states.length },
        }),
      ),
    );
    renderApp(`/transRecord?type=${type}`, { token: 'tok' });
    const list = await screen.findByRole('list', { name: '交易记录' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(states.length));
    const tones = ['pending', 'success', 'failed', 'neutral'];
    within(list)
      .getAllByRole('listitem')
      .forEach((item, i) => {
        const tag = within(item).getByText(labels[i] ?? '');
        expect(tag).toHaveClass('state-tag', `state-tag-${tones[i]}`);
      });
  });

  it('re-entering shows a state the operator changed at once (no cached 审核中)', async () => {
    let state = 1;
    server.use(
      http.post(accountRecords.path, () =>
        HttpResponse.json({ code: 200, message: 'ok', data: { data: [record(1, state)], total: 1 } }),
      ),
    );
    const { router } = renderApp('/transRecord?type=2', {
      token: 'tok',
      extraRoutes: [stubRoute('/elsewhere', true)],
    });
    expect(await screen.findByText('审核中')).toBeInTheDocument();
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByRole('heading', { name: '页面 /elsewhere' })).toBeInTheDocument();
    state = 2; // the operator approves
    await act(() => router.navigate('/transRecord?type=2'));
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    expect(screen.queryByText('审核中')).toBeNull();
  });

  it('reaches back 90 days and exports every record of the filters as CSV', async () => {
    const saved = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => {});
    const sent = records(12);
    const { user } = renderApp('/transRecord?type=2&date=5', { token: 'tok' });
    await screen.findByRole('list', { name: '交易记录' });
    expect(screen.getByRole('button', { name: '近90天' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '导出CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [name, text = ''] = saved.mock.calls[0] ?? [];
    expect(name).toMatch(/^交易记录-取款-\d{8}-\d{4}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF订单号,类型,金额（元）,方式,状态,时间（北京时间）');
    expect(lines[1]).toBe('D1,取款,101.00,USDT,审核中,2026-11-20 10:00:00');
    expect(lines).toHaveLength(14);
    expect(sent.slice(-2)).toEqual([
      { date: 5, type: 2, page: 1 },
      { date: 5, type: 2, page: 2 },
    ]);
  });

  it('leads to 资金明细', async () => {
    records(0);
    const { user, location } = renderApp('/transRecord', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '资金明细 ›' }));
    await waitFor(() => expect(location()).toBe('/fundsRecord'));
  });
});
