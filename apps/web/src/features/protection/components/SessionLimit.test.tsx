import { balance, user } from '@app/contract/auth';
import type { ReplyOf } from '@app/contract/define';
import { MSG_SESSION_LIMIT_REACHED } from '@app/contract/session-limit';
import { gameUrl } from '@app/contract/games';
import { confirmSessionLimit, playSession, protection, setSessionLimit } from '@app/contract/protection';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, reply, replyWith } from '@app/mobile/test/msw-contract';
import { dialogButton } from '@test/dialog';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* 单次登录时长 (issue 32): choosing it, a waiting longer one, and the end of a session it sets. */

type State = ReplyOf<typeof protection>;
const state = (session_limit: State['session_limit']): State => ({
  limits: [],
  break: null,
  reality_check: 0,
  session_limit,
});

describe('单次登录时长', () => {
  it('offers 不限 to 6小时; a choice is sent and the reply replaces the state', async () => {
    const sent: unknown[] = [];
    server.use(
      replyWith(
        setSessionLimit,
        async (r) => (sent.push(await r.json()), state({ minutes: 60, pending: null })),
      ),
    );
    const { user: tap } = renderApp('/protection', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '单次登录时长' });
    const group = within(card).getByRole('radiogroup', { name: '单次登录时长' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['不限', '30分钟', '1小时', '2小时', '3小时', '4小时', '6小时']);
    expect(within(group).getByRole('radio', { name: '不限' })).toHaveAttribute('aria-checked', 'true');
    await tap.click(within(group).getByRole('radio', { name: '1小时' }));
    await waitFor(() => expect(sent).toEqual([{ minutes: 60 }]));
    expect(await screen.findByText('单次登录时长：1小时')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '1小时' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a waiting longer one says when it may be confirmed; once it may, 确认 sends it', async () => {
    let confirmed = 0;
    server.use(
      reply(
        protection,
        state({
          minutes: 60,
          pending: { minutes: 240, confirm_from: '2000-01-01 00:00:00', confirm_by: '2030-03-02 12:00:00' },
        }),
      ),
      replyWith(confirmSessionLimit, () => ((confirmed += 1), state({ minutes: 240, pending: null }))),
    );
    const { user: tap } = renderApp('/protection', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '单次登录时长' });
    expect(await within(card).findByText('调整为 4小时：请于 03-02 12:00 前确认')).toBeInTheDocument();
    await tap.click(within(card).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(confirmed).toBe(1));
  });

  it('a later one is not confirmable yet', async () => {
    server.use(
      reply(
        protection,
        state({
          minutes: 60,
          pending: { minutes: 0, confirm_from: '2099-01-01 08:00:00', confirm_by: '2099-01-08 08:00:00' },
        }),
      ),
    );
    renderApp('/protection', { token: 'tok' });
    const card = await screen.findByRole('region', { name: '单次登录时长' });
    expect(await within(card).findByText('取消单次登录时长：01-01 08:00 后可确认')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '确认' })).toBeDisabled();
  });

  it('a session the limit ended says so (not 登录过期) and goes to /login', async () => {
    server.use(fail(balance, 401, MSG_SESSION_LIMIT_REACHED), fail(user, 401, MSG_SESSION_LIMIT_REACHED));
    const { location, user: tap } = renderApp('/transfer', { token: 'tok' });
    expect(await screen.findByText('单次登录时长已到')).toBeInTheDocument();
    expect(screen.getByText(MSG_SESSION_LIMIT_REACHED)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    await tap.click(await dialogButton('确定'));
    await waitFor(() => expect(screen.queryByText('单次登录时长已到')).not.toBeInTheDocument());
  });
});

describe('the session strip of the play screens', () => {
  it('a game’s screen shows the time signed in and the session’s net result', async () => {
    const started = Date.now() - 75 * 60_000;
    const at = new Date(started + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    server.use(
      reply(gameUrl, { url: 'https://games.example/play' }),
      reply(playSession, {
        started_at: at,
        ends_at: null,
        stakes: '50.00',
        winnings: '30.00',
        net: '-20.00',
      }),
    );
    renderApp('/gamePage?name=AG&type=1&code=x', { token: 'tok' });
    const strip = await screen.findByRole('status', { name: '本次登录' });
    expect(strip).toHaveTextContent('本次登录 1小时15分钟');
    expect(strip).toHaveTextContent('净输赢 -20.00');
  });
});
