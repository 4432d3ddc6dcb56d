import { bannerList } from '@app/contract/site';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replyWith } from '@app/mobile/test/msw-contract';
import { testQueryClient } from '@test/render';
import { server } from '@test/msw/server';
import { siteQueries } from '@/shared/queries/site';
import { BannerCarousel } from '@/shared/ui/BannerCarousel';
import { BOOT_BANNER_ID, bootFrameShown, seedFromBootFrame } from '@/app/boot-frame';

/** index.html's first frame as our server sends it: `data-banners` set to `value` (raw attribute text). */
function frame(value?: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  const section = doc.createElement('section');
  section.id = BOOT_BANNER_ID;
  if (value !== undefined) section.setAttribute('data-banners', value);
  doc.body.append(section);
  return doc;
}

afterEach(() => {
  vi.unstubAllEnvs();
  document.documentElement.className = '';
});

describe('seeding the hall banners from the first frame', () => {
  it('puts the list, normalised by the contract, into the hall banner query', () => {
    const client = testQueryClient();
    const wire = [
      { src: '/assets-seed/banner-1.svg', url: '' },
      { pic: '/assets-seed/banner-2.svg', url: 'https://example.com/promo' },
    ];
    expect(seedFromBootFrame(client, frame(JSON.stringify(wire)))).toBe(true);
    expect(client.getQueryData(siteQueries.banners().queryKey)).toEqual([
      { src: '/assets-seed/banner-1.svg', link: '' },
      { src: '/assets-seed/banner-2.svg', link: 'https://example.com/promo' },
    ]);
  });

  it('takes an empty list as it is (the hall then says 暂无轮播图 without asking again)', () => {
    const client = testQueryClient();
    expect(seedFromBootFrame(client, frame('[]'))).toBe(true);
    expect(client.getQueryData(siteQueries.banners().queryKey)).toEqual([]);
  });

  it.each([
    ['no frame', () => document.implementation.createHTMLDocument('')],
    ['no attribute', () => frame()],
    ['an empty attribute', () => frame('')],
    ['not JSON', () => frame('[{"src":')],
    ['not a list', () => frame('{"src":"/a.svg"}')],
    ['a banner without a picture', () => frame('[{"src":"/a.svg"},{"url":"/x"}]')],
    ['a picture of the wrong type', () => frame('[{"src":42}]')],
  ])('ignores %s', (_case, page) => {
    const client = testQueryClient();
    expect(seedFromBootFrame(client, page())).toBe(false);
    expect(client.getQueryData(siteQueries.banners().queryKey)).toBeUndefined();
  });

  it('ignores the page’s banners when the app is built for another back end', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com');
    const client = testQueryClient();
    expect(seedFromBootFrame(client, frame('[{"src":"/a.svg"}]'))).toBe(false);
  });

  it('lets the hall show the seeded banner at once, without fetching the list', async () => {
    const fetched = vi.fn(() => []);
    server.use(replyWith(bannerList, fetched));
    const client = testQueryClient();
    seedFromBootFrame(client, frame('[{"src":"/assets-seed/banner-9.svg","url":""}]'));
    render(
      <QueryClientProvider client={client}>
        <BannerCarousel label="轮播图" emptyText="暂无轮播图" className="hall-banner" />
      </QueryClientProvider>,
    );
    // Synchronously, in the first render: no loading state between the frame and the hall.
    expect(screen.getByRole('img', { name: '横幅1' })).toHaveAttribute('src', '/assets-seed/banner-9.svg');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe('whether the first frame shows', () => {
  it('shows on the hall, not where public/boot.js marked another route', () => {
    expect(bootFrameShown(frame())).toBe(true);
    expect(bootFrameShown(document.implementation.createHTMLDocument(''))).toBe(false);
    const away = frame();
    away.documentElement.classList.add('boot-away');
    expect(bootFrameShown(away)).toBe(false);
  });
});
