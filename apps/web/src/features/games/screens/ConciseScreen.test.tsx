import { slotGames } from '@app/contract/games';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replyWith } from '@app/mobile/test/msw-contract';
import { server } from '@test/msw/server';
import { renderApp, stubRoute } from '@test/render';

const VENUE: Record<string, string> = { obgdy: 'OB', fgdz: 'FG', pp: 'PP', ae: 'AE' };

function slots(asked: string[] = []) {
  return replyWith(slotGames, async (request) => {
    const { gamecode } = (await request.json()) as { gamecode: string };
    asked.push(gamecode);
    const venue = VENUE[gamecode] ?? '';
    return [1, 2, 3].map((i) => ({
      catecode: venue,
      gamecode: `${gamecode}_${i}`,
      gamename: `${venue}游戏${i}`,
      gamepic: `/slot-pics/${gamecode}_${i}.svg`,
    }));
  });
}

describe('/concise', () => {
  it('shows the OB tab by default with pictures and names; tabs load their games', async () => {
    const asked: string[] = [];
    server.use(slots(asked));
    const { user, location } = renderApp('/concise');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['OB', 'FG', 'PP', 'AE']);
    expect(screen.getByRole('tab', { name: 'OB' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'OB游戏' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['OB游戏1', 'OB游戏2', 'OB游戏3']);
    expect(list.querySelector('img')).toHaveAttribute('src', '/slot-pics/obgdy_1.svg');
    await user.click(screen.getByRole('tab', { name: 'PP' }));
    expect(await screen.findByRole('button', { name: 'PP游戏2' })).toBeInTheDocument();
    expect(location()).toBe('/concise?type=pp');
    expect(asked).toEqual(['obgdy', 'pp']);
  });

  it('opens the tab of ?type=', async () => {
    server.use(slots());
    renderApp('/concise?type=ae');
    expect(await screen.findByRole('button', { name: 'AE游戏1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'AE' })).toHaveAttribute('aria-selected', 'true');
  });

  it('tapping a game opens /gamePage with its platform and code', async () => {
    server.use(slots());
    const { user, location } = renderApp('/concise?type=fgdz', {
      extraRoutes: [stubRoute('/gamePage', false)],
    });
    await user.click(await screen.findByRole('button', { name: 'FG游戏3' }));
    expect(await screen.findByText('页面 /gamePage')).toBeInTheDocument();
    expect(location()).toBe('/gamePage?name=FG&type=concise&code=fgdz_3');
  });
});
