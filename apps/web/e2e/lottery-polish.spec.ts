import type { Locator, Page, Request } from '@playwright/test';
import { test, expect, newMember, openRoundWith, ops } from './fixtures';

/* The lottery screens as a picky member sees them (issue 15): result balls on one line at phone and
 * desktop widths, round notices that neither toast nor bury the chat, Chinese titles, the 特码 wire of
 * the spec, and a win prompted to its winner. LOTTERY_PERIOD_SECONDS=20 (playwright.config.ts). */

test.afterEach(async () => {
  expect(await ops('ledger:check')).toMatch(/Ledger balanced/);
});

const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

async function roomOf(page: Page, code: string): Promise<number> {
  const r = await page.request.post('/api/lotteryRoom', { data: { name: code } });
  const rooms = ((await r.json()) as { data: { id: number }[] }).data;
  const id = rooms[0]?.id;
  if (!id) throw new Error(`no room of ${code}`);
  return id;
}

/**
 * The result's cells: every ball, '+' and '=' in one row, left to right, their vertical centres
 * within 1.5 px of each other, and the row inside the screen.
 */
async function expectOneRow(balls: Locator, expected: { balls: number; ops: number }, viewWidth: number) {
  await expect(balls.locator('.ball')).toHaveCount(expected.balls);
  await expect(balls.locator('.draw-op')).toHaveCount(expected.ops);
  const boxes = await balls.locator('.ball, .draw-op').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, right: r.right, cy: r.top + r.height / 2, text: el.textContent ?? '' };
    }),
  );
  expect(boxes).toHaveLength(expected.balls + expected.ops);
  const centre = boxes[0]?.cy ?? 0;
  for (const b of boxes) expect(Math.abs(b.cy - centre), `${b.text} off the row`).toBeLessThanOrEqual(1.5);
  for (let i = 1; i < boxes.length; i++) {
    const prev = boxes[i - 1];
    const cur = boxes[i];
    if (prev && cur)
      expect(cur.x, `${cur.text} not right of ${prev.text}`).toBeGreaterThanOrEqual(prev.right - 0.5);
  }
  expect(boxes.at(-1)?.right ?? 0).toBeLessThanOrEqual(viewWidth);
}

for (const [code, type] of [
  ['jnd28', 2],
  ['xglhc', 1],
] as const) {
  test(`type ${type} (${code}): result balls sit on one row in the header and past draws at 360, 390 and 1280 px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await newMember(page);
    const roomId = await roomOf(page, code);
    const shape = type === 1 ? { balls: 7, ops: 1 } : { balls: 4, ops: 3 };
    await page.goto(`/#/lottery?room_id=${roomId}`);
    const header = page.getByRole('region', { name: '开奖结果' });
    // A fresh server draws its first round within one 20 s period.
    await expect(header.locator('.results-last .draw-balls')).toBeVisible({ timeout: 30_000 });
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await expectOneRow(header.locator('.results-last .draw-balls'), shape, size.width);
      const toggle = header.getByRole('button', { name: '往期' });
      await toggle.click();
      const rows = page.getByRole('list', { name: '往期开奖' }).locator('.history-row .draw-balls');
      await expect(rows.first()).toBeVisible();
      const n = Math.min(await rows.count(), 3);
      for (let i = 0; i < n; i++) await expectOneRow(rows.nth(i), shape, size.width);
      await header.getByRole('button', { name: '收起' }).click();
    }
  });
}

test('rounds come and go without a toast or a hash in the chat; members’ words stay; titles are Chinese', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newMember(page);
  await page.goto('/#/lottery?name=jnd28');
  await expect(page.getByRole('heading', { name: /加拿大28/ })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('jnd28');
  await page.getByRole('list', { name: '房间列表' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /加拿大28/ })).toBeVisible();
  await expect(page.getByText('连接中…')).toBeHidden();

  await page.getByRole('radio', { name: '聊天' }).click();
  await page.getByRole('textbox', { name: '聊天内容' }).fill('这局我看好大');
  await page.getByRole('button', { name: '发送' }).click();
  const chat = page.getByRole('list', { name: '聊天消息' });
  await expect(chat.getByText('这局我看好大')).toBeVisible();

  // A whole round passes: its draw and the next round's notice arrive, each one short line.
  // The chat keeps only the newest few notices, so watch the newest opening change.
  const notice = chat.locator('.chat-system[data-kind="open"]').last();
  const before = (await notice.textContent({ timeout: 30_000 })) ?? '';
  await expect(notice).not.toHaveText(before, { timeout: 30_000 });
  await expect(notice).toHaveText(/第\d+期开始投注$/);
  const height = (await notice.boundingBox())?.height ?? 99;
  expect(height).toBeLessThanOrEqual(24);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  expect(await page.locator('body').textContent()).not.toMatch(/[0-9a-f]{64}/);
  await expect(chat.getByText('这局我看好大')).toBeVisible();
  // 消息时间显示 is on by default: the member's line says when.
  await expect(chat.locator('.chat-mine .chat-time').first()).toHaveText(/^\d\d:\d\d$/);
});

test('a 特码 bet goes out with data [] and is settled; the winner of a round is told 恭喜中奖', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newMember(page, '500');
  // 特码 through the panel in the type 1 room: the spec's wire, one play per number.
  await page.goto(`/#/lottery?room_id=${await roomOf(page, 'xglhc')}`);
  await openRoundWith(page, 10);
  await page.getByRole('button', { name: '投注', exact: true }).click();
  const panel = page.getByRole('dialog', { name: '信用投注' });
  await panel.getByRole('group', { name: '选择号码' }).getByRole('button', { name: '07' }).click();
  await panel.getByRole('button', { name: '立即投注' }).click();
  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/api/lotteryOrder'));
  // Placed, the sheet takes its history entry away (history.back, which lands a moment later): a goto
  // before that lands would be undone by it.
  const sheetEntryGone = page.evaluate(
    () => new Promise<void>((resolve) => addEventListener('popstate', () => resolve(), { once: true })),
  );
  await page.getByRole('dialog', { name: '投注确认' }).getByRole('button', { name: '确认投注' }).click();
  const body = (await sent).postDataJSON() as { order: { id: number; data: unknown[] }[] };
  expect(body.order).toEqual([{ id: 1007, total: '10.00', data: [] }]);
  await expect(page.getByRole('list', { name: '聊天消息' }).getByText(/特码 07 10\.00元/)).toBeVisible();
  await sheetEntryGone;

  // 大 and 小 in a type 2 room: one of them wins; the prompt says how much and which round.
  await page.goto(`/#/lottery?room_id=${await roomOf(page, 'jnd28')}`);
  await expect(page.getByText('连接中…')).toBeHidden();
  await openRoundWith(page, 6);
  await page.getByRole('radio', { name: '下注' }).click();
  await page.getByRole('textbox', { name: '下注指令' }).fill('大10 小10');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(
    page.getByRole('list', { name: '聊天消息' }).getByText(/大 10\.00元, 小 10\.00元/),
  ).toBeVisible();
  await expect(page.getByText(/^恭喜中奖 ¥19\.60（第\d+期）$/)).toBeVisible({ timeout: 40_000 });
});
