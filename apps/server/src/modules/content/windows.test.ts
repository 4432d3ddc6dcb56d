/* Content windows: banners, home notices and announcements show to members only from 开始时间 up to
 * 结束时间 (either may be empty); the console lists them with their window and checks its bounds. */
import { windowTimeText } from '@app/contract/time-window';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestConsole, type ConsoleAgent, type TestConsole } from '../../../test/console-helpers';
import { buildTestApp, dataOf, type TestApp } from '../../../test/helpers';
import { DAY_MS, now } from '../../core/clock';

let t: TestApp;
let c: TestConsole;
let content: ConsoleAgent;
beforeAll(async () => {
  t = await buildTestApp();
  c = await buildTestConsole(t);
  content = await c.signIn('content');
}, 60_000);
afterAll(async () => {
  await c.close();
  await t.close();
});

const at = (offsetMs: number) => windowTimeText(now() + offsetMs);
/** Before its window (starts tomorrow), inside it, after it (ended yesterday). */
const WINDOWS = {
  before: { starts_at: at(DAY_MS), ends_at: at(2 * DAY_MS) },
  inside: { starts_at: at(-DAY_MS), ends_at: at(DAY_MS) },
  after: { starts_at: at(-2 * DAY_MS), ends_at: at(-DAY_MS) },
  open: { starts_at: '', ends_at: null },
} as const;
const CASES = Object.entries(WINDOWS);

const hallBanners = async () =>
  dataOf<{ src: string }[]>(await t.post('/api/bannerList', { type: 2 })).map((b) => b.src);
const hallNotices = async () => dataOf<string[]>(await t.post('/api/homenotice', {}));
const announcements = async () =>
  dataOf<{ data: { title: string }[] }>(await t.post('/api/noticeList', { page: 1 })).data.map(
    (n) => n.title,
  );

describe('content windows on the member-facing lists', () => {
  it('shows a banner only inside its window', async () => {
    for (const [name, w] of CASES) {
      const r = await content.post('/api/content/banners/create', { src: `/uploads/w-${name}.png`, ...w });
      expect(r.status, name).toBe(200);
    }
    const shown = await hallBanners();
    expect(shown).toContain('/uploads/w-inside.png');
    expect(shown).toContain('/uploads/w-open.png');
    expect(shown).not.toContain('/uploads/w-before.png');
    expect(shown).not.toContain('/uploads/w-after.png');
    const listed = dataOf<{ items: { src: string; starts_at: string | null; ends_at: string | null }[] }>(
      await content.get('/api/content/banners'),
    ).items;
    expect(listed.find((b) => b.src === '/uploads/w-before.png')).toMatchObject(WINDOWS.before);
    expect(listed.find((b) => b.src === '/uploads/w-open.png')).toMatchObject({
      starts_at: null,
      ends_at: null,
    });
  });

  it('shows a home notice only inside its window', async () => {
    for (const [name, w] of CASES) {
      const r = await content.post('/api/content/home-notices/create', { content: `窗口-${name}`, ...w });
      expect(r.status, name).toBe(200);
    }
    const shown = await hallNotices();
    expect(shown).toEqual(expect.arrayContaining(['窗口-inside', '窗口-open']));
    expect(shown).not.toContain('窗口-before');
    expect(shown).not.toContain('窗口-after');
  });

  it('shows an announcement only inside its window, and an edit can move it out', async () => {
    const ids: Record<string, number> = {};
    for (const [name, w] of CASES) {
      const r = await content.post('/api/content/notices/create', {
        title: `窗口-${name}`,
        content: '<p>内容</p>',
        ...w,
      });
      expect(r.status, name).toBe(200);
      ids[name] = dataOf<{ id: number }>(r).id;
    }
    const shown = await announcements();
    expect(shown).toEqual(expect.arrayContaining(['窗口-inside', '窗口-open']));
    expect(shown).not.toContain('窗口-before');
    expect(shown).not.toContain('窗口-after');
    const moved = await content.post('/api/content/notices/update', {
      id: ids.inside,
      title: '窗口-inside',
      content: '<p>内容</p>',
      ...WINDOWS.after,
    });
    expect(dataOf(moved)).toMatchObject(WINDOWS.after);
    expect(await announcements()).not.toContain('窗口-inside');
  });
});

describe('console validation of a window', () => {
  it('refuses an end not after the start and a malformed time, on every kind', async () => {
    const start = '2026-12-01 10:00';
    const cases: [string, Record<string, unknown>][] = [
      ['/api/content/banners/create', { src: '/uploads/x.png' }],
      ['/api/content/home-notices/create', { content: '公告' }],
      ['/api/content/notices/create', { title: '标题', content: '<p>内容</p>' }],
    ];
    for (const [path, body] of cases) {
      const same = await content.post(path, { ...body, starts_at: start, ends_at: start });
      expect([same.status, same.body?.message], path).toEqual([400, '结束时间须晚于开始时间']);
      const earlier = await content.post(path, { ...body, starts_at: start, ends_at: '2026-11-30 10:00' });
      expect([earlier.status, earlier.body?.message], path).toEqual([400, '结束时间须晚于开始时间']);
      const bad = await content.post(path, { ...body, starts_at: '2026-13-01 10:00' });
      expect([bad.status, bad.body?.message], path).toEqual([400, '时间格式：YYYY-MM-DD HH:mm']);
    }
  });
});
