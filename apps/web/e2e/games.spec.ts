import { test, expect, api, newMember, ops, type Member } from './fixtures';
import type { Page } from '@playwright/test';

async function venueBalance(page: Page, member: Member, venue: string): Promise<string> {
  const r = await api(page, member, '/api/balancelist');
  const rows = r.data as { platname: string; balance: string }[];
  return rows.find((v) => v.platname === venue)?.balance ?? '';
}

/** Plays one round in the demo game iframe; returns the venue balance it shows before and after. */
async function playRound(page: Page, title: string, stake: string): Promise<[string, string]> {
  const frame = page.frameLocator(`iframe[title="${title}"]`);
  const balance = frame.getByTestId('venue-balance');
  await expect(balance).toHaveText(/^\d+\.\d{2}$/);
  const before = (await balance.textContent()) ?? '';
  await frame.getByLabel('投注金额').fill(stake);
  await frame.getByRole('button', { name: '开始' }).click();
  await expect(frame.getByRole('status')).toHaveText(/点数 \d+/);
  await expect(balance).not.toHaveText(before);
  return [before, (await balance.textContent()) ?? ''];
}

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

test('a visitor who taps a game is asked to log in', async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('tab', { name: '真人' }).click();
  await page.getByRole('tabpanel').getByRole('button').first().click();
  await expect(page.getByText('请登录！')).toBeVisible();

  // Opening a game's page directly: the same words, then the login screen with the way back.
  await page.goto('/#/gamePage?name=PP&type=concise&code=pp_wolf_gold');
  await expect(page.getByText('请登录！').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect=%2FgamePage/);
});

test('with auto-transfer, a member opens a slot game, plays a round and the venue balance changes', async ({
  page,
}) => {
  const member = await newMember(page, '1000');
  expect((await api(page, member, '/api/uptransferstatus', { transferstatus: 1 })).code).toBe(200);

  await page.goto('/#/concise?type=pp');
  await expect(page.getByRole('tab', { name: 'PP' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '金狼' }).click();
  await expect(page).toHaveURL(/#\/gamePage\?name=PP&type=concise&code=pp_wolf_gold/);

  const [before, after] = await playRound(page, 'PP电子', '10');
  expect(before).toBe('1000.00'); // the whole central balance moved in on launch
  expect(['990.00', '1010.00']).toContain(after);
  expect(await venueBalance(page, member, 'PP')).toBe(after);
  expect((await api(page, member, '/api/balance')).data).toEqual({ balance: '0.00' });

  // Back to the app: the wallet shows the game balance.
  await page.getByRole('button', { name: '返回' }).click();
  await page.goto('/#/account');
  await expect(page.getByText(after).first()).toBeVisible();
});

test('a member moves money into a venue, opens its game from the hall and plays', async ({ page }) => {
  const member = await newMember(page, '500');
  const moved = await api(
    page,
    member,
    '/api/transfer',
    { amount: '200', sourcetype: 'userbalance', targettype: 'AG' },
    `e2e-games-${Date.now()}`,
  );
  expect(moved.code, moved.message).toBe(200);

  await page.goto('/#/');
  await page.getByRole('tab', { name: '真人' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: /AG/ }).first().click();
  await expect(page).toHaveURL(/#\/gamePage\?name=AG/);
  const [before, after] = await playRound(page, 'AG真人', '25.50');
  expect(before).toBe('200.00');
  expect(['174.50', '225.50']).toContain(after);
  expect(await venueBalance(page, member, 'AG')).toBe(after);
  expect((await api(page, member, '/api/balance')).data).toEqual({ balance: '300.00' });

  // A stake above the venue balance is refused and changes nothing.
  const frame = page.frameLocator('iframe[title="AG真人"]');
  await frame.getByLabel('投注金额').fill('100000');
  await frame.getByRole('button', { name: '开始' }).click();
  await expect(frame.getByRole('status')).toHaveText('余额不足');
  expect(await venueBalance(page, member, 'AG')).toBe(after);
});
