import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimRedPacket, redPacketInfo, redPacketRecords } from '@app/contract/promo';
import { app as appCall } from '@app/contract/site';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, networkError, reply } from '@app/mobile/test/msw-contract';
import { SITE } from '@test/msw/fixtures';
import { promoHandlers, RED_PACKET } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { dialogButton } from '@test/dialog';
import { renderApp } from '@test/render';

const promoCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../promo.css'), 'utf8');

/** The colour of `property` in the rule `selector` of promo.css, as #rrggbb. */
function cssColor(selector: string, property: string): string {
  const body = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(promoCss)?.[1] ?? '';
  const hex = new RegExp(`^\\s*${property}:\\s*#([0-9a-f]{6}|[0-9a-f]{3})\\b`, 'mi').exec(body)?.[1] ?? '';
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [lo, hi] = [lum(a), lum(b)].sort((x, y) => x - y);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Answers the claim with `amount`, recording the Idempotency-Key of each request. */
function claims(amount = '6.66') {
  const keys: (string | null)[] = [];
  server.use(
    http.post(claimRedPacket.path, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ code: 200, message: 'ok', data: { redpacketmoney: amount } });
    }),
  );
  return keys;
}

describe('/hongbao', () => {
  it('asks a visitor to log in first, then sends them to /login', async () => {
    const { location, user } = renderApp('/hongbao');
    expect(await screen.findByRole('dialog')).toHaveTextContent('精彩内容等你来体验，快来登录吧！');
    await user.click(await dialogButton('确定'));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fhongbao'));
  });

  it('shows the window text, and its widgets can be dismissed', async () => {
    server.use(...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    const period = await screen.findByRole('region', { name: '活动时间' });
    expect(period).toHaveTextContent('北京时间每日10:00-12:00');
    expect(period).toHaveTextContent('存款从前一日12:00开始计算');
    await user.click(within(period).getByRole('button', { name: '关闭活动时间' }));
    expect(screen.queryByRole('region', { name: '活动时间' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('redpacket-remaining')).toHaveTextContent('2');
    // A red packet carries its own turnover: said before the member claims one.
    expect(screen.getByRole('region', { name: '活动说明' })).toHaveTextContent(
      '红包金额需完成 1 倍有效投注（打码量）后方可取款',
    );
  });

  it('says 红包已关闭 when the site switched red packets off', async () => {
    server.use(reply(appCall, { ...SITE, redpacket_switch: 0 }), ...promoHandlers);
    renderApp('/hongbao', { token: 'tok' });
    expect((await screen.findAllByText('红包已关闭')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '抢红包' })).not.toBeInTheDocument();
  });

  it('keeps the amount and links in the packet at 4.5:1 or more on its red', () => {
    const packet = cssColor('.promo-packet', 'background');
    for (const rule of ['.promo-packet', '.promo-packet-amount', '.promo-packet-link']) {
      expect(contrast(cssColor(rule, 'color'), packet), rule).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('without claims left says 您暂未达到领取条件，快去完成吧！ and sends nothing', async () => {
    const keys = claims();
    server.use(reply(redPacketInfo, { ...RED_PACKET, sendnums: 0 }), ...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('您暂未达到领取条件，快去完成吧！');
    const recharge = screen.getByRole('link', { name: '去充值' });
    expect(recharge).toHaveAttribute('href', '/recharge');
    // Not the app's blue link on the packet's red.
    expect(recharge).toHaveClass('promo-packet-link');
    expect(keys).toEqual([]);
  });

  it('offers 去充值 when the server refuses for the conditions, not for the time window', async () => {
    server.use(fail(claimRedPacket, 400, '您暂未达到领取条件，快去完成吧！'), ...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('您暂未达到领取条件');
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/recharge');
  });

  it('outside 10:00-12:00 says so without a 去充值 that has nothing to do with it', async () => {
    server.use(fail(claimRedPacket, 400, '红包活动时间为每日10:00-12:00'), ...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('红包活动时间为每日10:00-12:00');
    expect(screen.queryByRole('link', { name: '去充值' })).not.toBeInTheDocument();
  });

  it('claims with an Idempotency-Key and shows the amount won', async () => {
    const keys = claims('8.88');
    server.use(...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    const won = await screen.findByRole('status', { name: '' });
    expect(won).toHaveTextContent('恭喜获得 8.88 元');
    // Gold on the packet's red (the contrast is checked against promo.css below).
    expect(within(won).getByText('8.88')).toHaveClass('promo-packet-amount');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
  });

  it('on a network failure says 服务器异常，请稍后再试 and retries with the same key', async () => {
    const keys: (string | null)[] = [];
    let n = 0;
    server.use(
      http.post(claimRedPacket.path, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        n += 1;
        return n === 1
          ? HttpResponse.error()
          : HttpResponse.json({ code: 200, message: 'ok', data: { redpacketmoney: '1.00' } });
      }),
      ...promoHandlers,
    );
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器异常，请稍后再试');
    await user.click(screen.getByRole('button', { name: '抢红包' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the refusal of the server as it says it', async () => {
    server.use(fail(claimRedPacket, 400, '不在活动时间内'), ...promoHandlers);
    const { user } = renderApp('/hongbao', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: '抢红包' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('不在活动时间内');
  });

  it('a failure of the info shows an error with 重试', async () => {
    server.use(networkError(redPacketInfo), ...promoHandlers);
    renderApp('/hongbao', { token: 'tok' });
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('/welfare', () => {
  it('shows claims left and used, the records and a link to /hongbao', async () => {
    server.use(
      reply(redPacketRecords, {
        data: [{ money: '100.00', redpacketmoney: '5.20', created_at: '2026-11-21 10:30:00', usetime: null }],
        total: 1,
      }),
      ...promoHandlers,
    );
    renderApp('/welfare', { token: 'tok' });
    expect(await screen.findByTestId('welfare-remaining')).toHaveTextContent('2');
    expect(screen.getByTestId('welfare-used')).toHaveTextContent('1');
    const list = await screen.findByRole('list', { name: '红包记录' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('5.20');
    expect(within(list).getByText('5.20')).toHaveClass('promo-record-amount');
    expect(contrast(cssColor('.promo-record-amount', 'color'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(screen.getByRole('link', { name: '去抢红包' })).toHaveAttribute('href', '/hongbao');
  });
});
