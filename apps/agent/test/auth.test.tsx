import { agentOverview, agentTicket, MSG_NOT_AGENT, MSG_TICKET_INVALID } from '@app/contract/agent-office';
import { logoff } from '@app/contract/auth';
import { login } from '@app/contract/auth-forms';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, networkError, reply, replyWith } from '@app/mobile/test/msw-contract';
import { TOKEN_KEY } from '@/shared/session/store';
import { OVERVIEW, TICKET, TOKEN } from './msw/fixtures';
import { server } from './msw/server';
import { bodyOf, renderApp } from './render';

describe('#/ticket: the one-time ticket of the members app', () => {
  it('exchanges it once, keeps the session, drops the ticket from the address, shows the overview', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(agentTicket, async (request) => {
        sent.push(await bodyOf(request));
        return { api_token: 'from-ticket' };
      }),
    );
    const { location } = renderApp(`/ticket?t=${TICKET}`);
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(sent).toEqual([{ ticket: TICKET }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('from-ticket');
  });

  it('a used or late ticket: the server says why, and 登录 leads to the sign-in form', async () => {
    server.use(fail(agentTicket, 400, MSG_TICKET_INVALID));
    const { location, user } = renderApp(`/ticket?t=${TICKET}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_TICKET_INVALID);
    expect(screen.getByRole('heading', { name: '无法进入代理后台' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('textbox', { name: '账号' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('a malformed or missing ticket is refused without asking the server', async () => {
    server.use(networkError(agentTicket)); // would fail the test with another message if called
    renderApp('/ticket?t=short');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_TICKET_INVALID);
  });

  it('no answer: the network message, still with 登录', async () => {
    server.use(networkError(agentTicket));
    renderApp(`/ticket?t=${TICKET}x`);
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，请检查网络后重试');
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});

describe('#/login: member name and password', () => {
  it('asks for both before sending anything', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入您的账号和密码！');
  });

  it("shows the server's refusal", async () => {
    server.use(fail(login, 400, '账号或密码错误'));
    const { user } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: '账号' }), 'agent01');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs an agent in, the button disabled while it runs, then goes where it was headed', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(login, async (request) => {
        sent.push(await bodyOf(request));
        await delay(150);
        return { api_token: TOKEN };
      }),
    );
    const { location, user } = renderApp('/login?redirect=%2Fstatements');
    await user.type(await screen.findByRole('textbox', { name: '账号' }), ' agent01 ');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /登录/ })).toBeDisabled());
    expect(await screen.findByRole('heading', { name: '佣金账单' })).toBeInTheDocument();
    expect(location()).toBe('/statements');
    expect(sent).toEqual([{ name: 'agent01', password: 'secret1' }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
  });

  it('a member who is not an agent: told so, its new session ended again and not kept', async () => {
    let loggedOff = '';
    server.use(
      fail(agentOverview, 403, MSG_NOT_AGENT),
      http.post(logoff.path, ({ request }) => {
        loggedOff = request.headers.get('Authorization') ?? '';
        return HttpResponse.json({ code: 200, message: 'ok', data: null });
      }),
    );
    const { location, user } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: '账号' }), 'member9');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_NOT_AGENT);
    expect(location()).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(loggedOff).toBe(`Bearer ${TOKEN}`));
  });

  it('never follows a redirect out of the app', async () => {
    server.use(reply(agentOverview, OVERVIEW));
    const { location, user } = renderApp('/login?redirect=%2F%2Fevil.example');
    await user.type(await screen.findByRole('textbox', { name: '账号' }), 'agent01');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('an agent already signed in goes straight on', async () => {
    const { location } = renderApp('/login', { token: TOKEN });
    expect(await screen.findByText('本期预估佣金（元）')).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
