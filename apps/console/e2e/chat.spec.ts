/* 房间聊天 journey: a member's message in a room, deleted by 客服 in the console, disappears from
 * another member's open room without a reload; a muted member is refused with until when, and speaks
 * again once the mute is lifted. The author speaks through a raw socket (the composer locks while a
 * round is closed); the reader is the members' app in a phone browser. */
import { expect, test } from './fixtures';
import { MEMBER_URL, registerMember } from './fixtures';
import WebSocket from 'ws';

const SHOTS = '/tmp/shots/chat';

/** A member's chat socket in a room, recording the JSON frames it receives. */
async function speaker(roomId: number, token: string) {
  const url = `${MEMBER_URL.replace(/^http/, 'ws')}/wss?roomid=${roomId}&_token=${token}`;
  const ws = new WebSocket(url);
  const frames: Record<string, unknown>[] = [];
  ws.on('message', (d: WebSocket.RawData) => {
    const text = d.toString();
    if (text.startsWith('{')) frames.push(JSON.parse(text) as Record<string, unknown>);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const say = (content: string) => ws.send(JSON.stringify({ content, order: false }));
  return { ws, frames, say };
}

test('客服 deletes a member’s message (gone from the other member’s room at once), mutes and unmutes', async ({
  browser,
  operatorPage,
  memberPage,
}) => {
  test.setTimeout(120_000);
  const rooms = await memberPage.request.post('/api/lotteryRoom', { data: { name: 'jnd28' } });
  const roomId = ((await rooms.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
  const author = await registerMember(browser);
  const a = await speaker(roomId, author.token);
  try {
    await memberPage.goto(`/#/lottery?room_id=${roomId}`);
    const chat = memberPage.getByRole('list', { name: '聊天消息' });
    await expect(memberPage.getByRole('button', { name: '发送' })).toBeVisible();
    const text = `加我私聊 <b>${Date.now() % 100000}</b>`;
    await memberPage.waitForTimeout(500); // the reader's socket is open
    a.say(text);
    await expect(chat.getByText(text)).toBeVisible({ timeout: 15_000 });
    await memberPage.screenshot({ path: `${SHOTS}/member-before.png` });

    const support = await operatorPage('support');
    await support.goto(`/lottery/chat?room=${roomId}`);
    const row = support.locator('tr', { has: support.getByText(text, { exact: true }) });
    await expect(row).toBeVisible();
    await support.screenshot({ path: `${SHOTS}/console-messages.png` });
    await row.getByRole('button', { name: /删\s?除/ }).click();
    await support
      .getByRole('tooltip')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await expect(support.getByText('消息已删除，房间内已同步移除')).toBeVisible();
    await expect(row).toContainText(`已删除 · kefu01`);
    // The reader's room drops it without a reload.
    await expect(chat.getByText(text)).toHaveCount(0);
    await memberPage.screenshot({ path: `${SHOTS}/member-after.png` });
    await support.screenshot({ path: `${SHOTS}/console-deleted.png` });

    // Mute for 1 天: refused with until when.
    await row.getByRole('button', { name: /^禁\s?言$/ }).click();
    const dialog = support.getByRole('dialog');
    await dialog.getByText('1 天').click();
    await dialog.getByRole('textbox').fill('发广告');
    await support.screenshot({ path: `${SHOTS}/console-mute.png` });
    await dialog.getByRole('button', { name: /确认禁言/ }).click();
    await expect(support.getByText(`已禁言会员 ${author.name}`)).toBeVisible();
    await expect(row).toContainText('禁言至');
    await support.screenshot({ path: `${SHOTS}/console-muted.png` });
    a.say('还能说吗');
    await expect
      .poll(() => a.frames.map((f) => String(f.sysmsg)))
      .toContainEqual(expect.stringMatching(/^您已被禁言至/));

    // The 禁言名单 tab, then 解除禁言: speaks again.
    await support.getByRole('tab', { name: '禁言名单' }).click();
    const muted = support.locator('tr', { has: support.getByRole('link', { name: author.name }) });
    await expect(muted).toContainText('发广告');
    await support.screenshot({ path: `${SHOTS}/console-mutes.png` });
    await muted.getByRole('button', { name: /解除禁言/ }).click();
    await support
      .getByRole('tooltip')
      .getByRole('button', { name: /解\s?除/ })
      .click();
    await expect(support.getByText(`已解除 ${author.name} 的禁言`)).toBeVisible();
    await memberPage.waitForTimeout(1100); // one message per second
    a.say('我又能说话了');
    await expect(chat.getByText('我又能说话了')).toBeVisible({ timeout: 15_000 });
  } finally {
    a.ws.close();
  }
});
