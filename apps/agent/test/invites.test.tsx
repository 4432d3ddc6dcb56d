import {
  agentInviteCreate,
  agentInviteRevoke,
  agentInvites,
  MSG_INVITE_DAYS,
  MSG_SUB_RATES,
} from '@app/contract/agent-office';
import { screen, waitFor, within } from '@testing-library/react';
import type * as QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { dialogButton, tappable } from './dialog';
import { AGENT_INVITE, INVITE, OWN_RATES, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

// The QR codes' texts, as the qrcode package is asked to draw them.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('qrcode', async (importOriginal) => {
  const real = await importOriginal<typeof QRCode>();
  return {
    ...real,
    toDataURL: (text: string) => {
      drawn.push(text);
      return Promise.resolve(`data:image/png;base64,${btoa(text)}`);
    },
  };
});

function recordBodies(def: typeof agentInviteCreate | typeof agentInviteRevoke) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    replyWith(def, async (request) => {
      sent.push(await bodyOf(request));
      return { ...INVITE, id: 9, code: 'NEWCODE2' };
    }),
  );
  return sent;
}

async function openCreate(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '新建推广链接' }));
  // The sheet takes taps once its opening animation is over.
  return within(await tappable(await screen.findByRole('form', { name: '新建推广链接' })));
}

describe('推广链接', () => {
  it('lists the links and codes with their QR codes, validity, uses and a sub-agent link’s rates', async () => {
    const { user } = renderApp('/invites', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '推广链接' });
    const [member, agent] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(member).toHaveTextContent('ABCD2345');
    expect(member).toHaveTextContent('会员');
    expect(member).toHaveTextContent('有效');
    expect(member).toHaveTextContent('有效期：长期有效');
    expect(member).toHaveTextContent('已使用 4 / 不限');
    expect(await within(member).findByRole('img', { name: '推广二维码 ABCD2345' })).toBeInTheDocument();
    expect(agent).toHaveTextContent('下级代理');
    expect(agent).toHaveTextContent('有效期：至 2026-12-31 00:00');
    expect(agent).toHaveTextContent('已使用 1 / 10 次');
    expect(agent).toHaveTextContent(
      '返佣：真人 0.20% · 体育 0.20% · 电竞 0.20% · 棋牌 0.10% · 电子 0.20% · 彩票 0.30%',
    );
    expect(screen.getByText(/真人 0.30% · 体育 0.40%/)).toBeInTheDocument(); // the agent's own
    expect(drawn).toContain(INVITE.url);

    await user.click(within(member).getByRole('button', { name: '放大二维码 ABCD2345' }));
    const sheet = await screen.findByLabelText('推广二维码');
    expect(await within(sheet).findByRole('img', { name: '推广二维码 ABCD2345' })).toHaveAttribute(
      'width',
      '220',
    );
  });

  it('copies a link and a code', async () => {
    // user-event puts a clipboard of its own on navigator.
    const { user } = renderApp('/invites', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '推广链接' });
    const member = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await user.click(within(member).getByRole('button', { name: '复制链接' }));
    expect(await navigator.clipboard.readText()).toBe(INVITE.url);
    expect(await screen.findByText('链接已复制')).toBeInTheDocument();
    await user.click(within(member).getByRole('button', { name: '复制邀请码' }));
    expect(await navigator.clipboard.readText()).toBe('ABCD2345');
    expect(await screen.findByText('邀请码已复制')).toBeInTheDocument();
  });

  it('creates a member link with its days and uses, then reads the list again', async () => {
    const sent = recordBodies(agentInviteCreate);
    let reads = 0;
    server.use(
      replyWith(agentInvites, () => {
        reads += 1;
        return { invites: [INVITE], own_rates: OWN_RATES, can_invite_agents: true };
      }),
    );
    const { user } = renderApp('/invites', { token: TOKEN });
    const form = await openCreate(user);
    await user.clear(form.getByLabelText('有效天数'));
    await user.type(form.getByLabelText('有效天数'), '30');
    await user.clear(form.getByLabelText('使用次数'));
    await user.type(form.getByLabelText('使用次数'), '100');
    await user.click(await tappable(form.getByRole('button', { name: '创建' })));
    expect(await screen.findByText('创建成功')).toBeInTheDocument();
    expect(sent).toEqual([{ kind: 'member', days: 30, max_uses: 100 }]);
    await waitFor(() => expect(reads).toBe(2));
  });

  it('a sub-agent link: its rates in %, never above the agent’s own', async () => {
    const sent = recordBodies(agentInviteCreate);
    const { user } = renderApp('/invites', { token: TOKEN });
    const form = await openCreate(user);
    await user.click(form.getByRole('radio', { name: '下级代理' }));
    expect(form.getByLabelText('彩票返佣比例').nextElementSibling).toHaveTextContent('≤ 0.40%'); // its own
    await user.clear(form.getByLabelText('彩票返佣比例'));
    await user.type(form.getByLabelText('彩票返佣比例'), '0.45');
    await user.click(await tappable(form.getByRole('button', { name: '创建' })));
    expect(form.getByRole('alert')).toHaveTextContent(`${MSG_SUB_RATES}（彩票最高 0.40%）`);
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('彩票返佣比例'));
    await user.type(form.getByLabelText('彩票返佣比例'), '0.25');
    await user.clear(form.getByLabelText('真人返佣比例'));
    await user.type(form.getByLabelText('真人返佣比例'), '0.3');
    await user.click(form.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'agent',
      days: 0,
      max_uses: 0,
      rates: { realperson: 30, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 25 },
    });
  });

  it('says what is wrong with the days, and shows the server’s refusal', async () => {
    server.use(fail(agentInviteCreate, 400, '推广链接数量已达上限'));
    const { user } = renderApp('/invites', { token: TOKEN });
    const form = await openCreate(user);
    await user.clear(form.getByLabelText('有效天数'));
    await user.type(form.getByLabelText('有效天数'), '400');
    await user.click(await tappable(form.getByRole('button', { name: '创建' })));
    expect(form.getByRole('alert')).toHaveTextContent(MSG_INVITE_DAYS);
    await user.clear(form.getByLabelText('有效天数'));
    await user.type(form.getByLabelText('有效天数'), '7');
    await user.click(form.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('推广链接数量已达上限'));
  });

  it('no sub-agent links at the deepest level', async () => {
    server.use(reply(agentInvites, { invites: [], own_rates: OWN_RATES, can_invite_agents: false }));
    const { user } = renderApp('/invites', { token: TOKEN });
    expect(await screen.findByText('暂无推广链接，点击「新建推广链接」生成')).toBeInTheDocument();
    const form = await openCreate(user);
    expect(form.getByRole('radio', { name: '下级代理' })).toBeDisabled();
    expect(form.getByText('您的代理层级已达上限，不能再发展下级代理')).toBeInTheDocument();
  });

  it('revokes a link only after the confirmation', async () => {
    const sent = recordBodies(agentInviteRevoke);
    const { user } = renderApp('/invites', { token: TOKEN });
    const list = await screen.findByRole('list', { name: '推广链接' });
    const agent = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(agent).getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('确定撤销该推广链接？')).toBeInTheDocument();
    await user.click(await dialogButton('取消'));
    // The next question is asked once this one is gone (else its closing copy is the newest dialog).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    await user.click(within(agent).getByRole('button', { name: '撤销' }));
    await user.click(await dialogButton('撤销'));
    expect(await screen.findByText('已撤销')).toBeInTheDocument();
    expect(sent).toEqual([{ id: AGENT_INVITE.id }]);
  });

  it('a failed list shows the message with 重试', async () => {
    server.use(fail(agentInvites, 500, '服务器异常，请稍后再试'));
    renderApp('/invites', { token: TOKEN });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
