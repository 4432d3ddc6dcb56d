import { agentSubAgentRates, agentSubAgents, MSG_SUB_RATES } from '@app/contract/agent-office';
import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { tappable } from './dialog';
import { SUB_AGENT, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

async function openEdit(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '修改 subagent1 的返佣比例' }));
  return within(await tappable(await screen.findByRole('form', { name: '修改返佣比例' })));
}

describe('下级代理', () => {
  it('lists the sub-agents with their standing, rates and members', async () => {
    server.use(
      reply(agentSubAgents, {
        data: [SUB_AGENT, { ...SUB_AGENT, id: 56, username: 'subagent2', status: 'frozen' }],
        total: 2,
      }),
    );
    renderApp('/agents', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '下级代理' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(first).toHaveTextContent('subagent1正常');
    expect(first).toHaveTextContent(
      '返佣：真人 0.20% · 体育 0.25% · 电竞 0.25% · 棋牌 0.10% · 电子 0.20% · 彩票 0.30%',
    );
    expect(first).toHaveTextContent('直属会员 6 人 · 加入时间 2026-10-05 12:00');
    expect(second).toHaveTextContent('冻结');
  });

  it("edits a direct sub-agent's rates, never above the agent's own, the button disabled while saving", async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(agentSubAgentRates, async (request) => {
        sent.push(await bodyOf(request));
        await delay(200);
        return SUB_AGENT;
      }),
    );
    const { user } = renderApp('/agents', { token: TOKEN });
    const form = await openEdit(user);
    expect(form.getByLabelText('彩票返佣比例')).toHaveValue('0.3');
    await user.clear(form.getByLabelText('棋牌返佣比例'));
    await user.type(form.getByLabelText('棋牌返佣比例'), '0.21');
    await user.click(form.getByRole('button', { name: '保存' }));
    expect(form.getByRole('alert')).toHaveTextContent(`${MSG_SUB_RATES}（棋牌最高 0.20%）`);
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('棋牌返佣比例'));
    await user.type(form.getByLabelText('棋牌返佣比例'), '0.2');
    await user.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(form.getByRole('button', { name: /保存/ })).toBeDisabled());
    expect(await screen.findByText('返佣比例已保存')).toBeInTheDocument();
    expect(sent).toEqual([
      { id: 55, rates: { realperson: 20, sport: 25, e_sport: 25, joker: 20, electron: 20, lottery: 30 } },
    ]);
  });

  it("shows the server's refusal in the form", async () => {
    server.use(fail(agentSubAgentRates, 400, '只能修改直属下级代理的返佣'));
    const { user } = renderApp('/agents', { token: TOKEN });
    const form = await openEdit(user);
    await user.click(form.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('只能修改直属下级代理的返佣'));
  });

  it('empty and failed lists', async () => {
    server.use(reply(agentSubAgents, { data: [], total: 0 }));
    const { unmount } = renderApp('/agents', { token: TOKEN });
    expect(await screen.findByText('暂无下级代理，可在「推广」中新建下级代理链接')).toBeInTheDocument();
    unmount();
    server.use(fail(agentSubAgents, 500, '服务器异常，请稍后再试'));
    renderApp('/agents', { token: TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器异常，请稍后再试');
  });
});
