import { eq } from 'drizzle-orm';
import { banners, homeNotices, notices } from '../../src/db/schema/site';
import type { TestApp } from '../helpers';
import type { ConsoleSamples } from './types';

const idOf = (rows: { id: number }[]) => {
  const [row] = rows;
  if (!row) throw new Error('sample row not written');
  return row.id;
};
const newBanner = async (t: TestApp) => {
  return idOf(
    await t.db
      .insert(banners)
      .values({ type: 2, src: '/assets-seed/banner-1.svg', url: '', sort: 50 })
      .returning({ id: banners.id }),
  );
};
const newHomeNotice = async (t: TestApp) => {
  return idOf(
    await t.db.insert(homeNotices).values({ content: '样例公告' }).returning({ id: homeNotices.id }),
  );
};
const newNotice = async (t: TestApp) => {
  return idOf(
    await t.db
      .insert(notices)
      .values({ title: '样例公告', content: '<p>内容</p>' })
      .returning({ id: notices.id }),
  );
};
const page = async () => ({ page: 1, pageSize: 20 });
const none = async () => ({});

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleBanners: none,
  consoleCreateBanner: async () => ({ src: '/assets-seed/banner-1.svg', url: '/activity', sort: 5 }),
  consoleUpdateBanner: async (t) => ({
    id: await newBanner(t),
    src: '/assets-seed/banner-2.svg',
    url: '',
    sort: 1,
  }),
  consoleDeleteBanner: async (t) => ({ id: await newBanner(t) }),
  consoleReorderBanners: async (t) => {
    await newBanner(t);
    const rows = await t.db.select({ id: banners.id }).from(banners).where(eq(banners.type, 2));
    return { ids: rows.map((r) => r.id).reverse() };
  },
  consoleHomeNotices: none,
  consoleCreateHomeNotice: async () => ({ content: '欢迎光临', sort: 1 }),
  consoleUpdateHomeNotice: async (t) => ({ id: await newHomeNotice(t), content: '新的公告', sort: 2 }),
  consoleDeleteHomeNotice: async (t) => ({ id: await newHomeNotice(t) }),
  consoleNotices: page,
  consoleCreateNotice: async () => ({ title: '公告', content: '<p>内容</p>' }),
  consoleUpdateNotice: async (t) => ({ id: await newNotice(t), title: '新标题', content: '<p>新内容</p>' }),
  consoleDeleteNotice: async (t) => ({ id: await newNotice(t) }),
  consoleArticles: none,
  consoleSaveArticle: async () => ({ section: 'help', type: 1, title: '常见问题', content: '<p>问答</p>' }),
  consoleSitePages: none,
  consoleSaveWelcomeModal: async () => ({ index_modal: '<p>欢迎</p>' }),
  consoleSaveSponsors: async () => ({
    sponsor_url_1: '/support/sponsor/1',
    sponsor_url_2: 'https://example.com/s2',
  }),
  consoleSiteMessages: page,
  consoleSendSiteMessage: async (t) => ({
    audience: 'member',
    username: (await t.newMember()).name,
    title: '通知',
    content: '您好',
  }),
};
