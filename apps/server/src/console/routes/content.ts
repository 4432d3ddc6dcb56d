import {
  consoleArticles,
  consoleBanners,
  consoleCreateBanner,
  consoleCreateHomeNotice,
  consoleCreateNotice,
  consoleDeleteBanner,
  consoleDeleteHomeNotice,
  consoleDeleteNotice,
  consoleHomeNotices,
  consoleNotices,
  consoleReorderBanners,
  consoleSaveArticle,
  consoleSaveSponsors,
  consoleSaveWelcomeModal,
  consoleSendSiteMessage,
  consoleSiteMessages,
  consoleSitePages,
  consoleUpdateBanner,
  consoleUpdateHomeNotice,
  consoleUpdateNotice,
} from '@app/contract/console-content';
import type { FastifyInstance } from 'fastify';
import {
  createBanner,
  createHomeNotice,
  deleteBanner,
  deleteHomeNotice,
  listBanners,
  listHomeNotices,
  reorderBanners,
  updateBanner,
  updateHomeNotice,
} from '../../modules/content/admin-banners';
import {
  createNotice,
  deleteNotice,
  listArticles,
  listNotices,
  saveArticle,
  updateNotice,
} from '../../modules/content/admin-notices';
import {
  listSiteMessages,
  saveSponsors,
  saveWelcomeModal,
  sendSiteMessage,
  SITE_MESSAGE_TARGET,
  sitePages,
} from '../../modules/content/admin-pages';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of @app/contract/console-content. */
export default async function consoleContentRoutes(app: FastifyInstance) {
  bannerRoutes(app);
  homeNoticeRoutes(app);
  noticeRoutes(app);
  pageRoutes(app);
  messageRoutes(app);
}

function bannerRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleBanners, async () => ({ data: { items: await listBanners(app.db) } }));
  consoleEndpoint(app, consoleCreateBanner, async ({ input, audit }) => {
    const row = await createBanner(app.db, input);
    await audit({ action: 'banner.create', targetType: 'banner', targetId: row.id, after: row });
    return { data: row, message: '轮播图已添加' };
  });
  consoleEndpoint(app, consoleUpdateBanner, async ({ input, audit }) => {
    const { id, ...fields } = input;
    const r = await updateBanner(app.db, id, fields);
    await audit({ action: 'banner.update', targetType: 'banner', targetId: id, ...r });
    return { data: r.after, message: '轮播图已保存' };
  });
  consoleEndpoint(app, consoleDeleteBanner, async ({ input, audit }) => {
    const before = await deleteBanner(app.db, input.id);
    await audit({ action: 'banner.delete', targetType: 'banner', targetId: input.id, before });
    return { data: { id: input.id }, message: '轮播图已删除' };
  });
  consoleEndpoint(app, consoleReorderBanners, async ({ input, audit }) => {
    const r = await reorderBanners(app.db, input.ids);
    await audit({
      action: 'banner.reorder',
      targetType: 'banner',
      before: { order: r.before },
      after: { order: input.ids },
    });
    return { data: { items: r.items }, message: '顺序已保存' };
  });
}

function homeNoticeRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleHomeNotices, async () => ({ data: { items: await listHomeNotices(app.db) } }));
  consoleEndpoint(app, consoleCreateHomeNotice, async ({ input, audit }) => {
    const row = await createHomeNotice(app.db, input);
    await audit({ action: 'homeNotice.create', targetType: 'homeNotice', targetId: row.id, after: row });
    return { data: row, message: '滚动公告已添加' };
  });
  consoleEndpoint(app, consoleUpdateHomeNotice, async ({ input, audit }) => {
    const { id, ...fields } = input;
    const r = await updateHomeNotice(app.db, id, fields);
    await audit({ action: 'homeNotice.update', targetType: 'homeNotice', targetId: id, ...r });
    return { data: r.after, message: '滚动公告已保存' };
  });
  consoleEndpoint(app, consoleDeleteHomeNotice, async ({ input, audit }) => {
    const before = await deleteHomeNotice(app.db, input.id);
    await audit({ action: 'homeNotice.delete', targetType: 'homeNotice', targetId: input.id, before });
    return { data: { id: input.id }, message: '滚动公告已删除' };
  });
}

function noticeRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleNotices, async ({ input }) => ({
    data: await listNotices(app.db, input.page, input.pageSize),
  }));
  consoleEndpoint(app, consoleCreateNotice, async ({ input, audit }) => {
    const row = await createNotice(app.db, input);
    await audit({ action: 'notice.create', targetType: 'notice', targetId: row.id, after: row });
    return { data: row, message: '公告已发布' };
  });
  consoleEndpoint(app, consoleUpdateNotice, async ({ input, audit }) => {
    const { id, ...fields } = input;
    const r = await updateNotice(app.db, id, fields);
    await audit({ action: 'notice.update', targetType: 'notice', targetId: id, ...r });
    return { data: r.after, message: '公告已保存' };
  });
  consoleEndpoint(app, consoleDeleteNotice, async ({ input, audit }) => {
    const before = await deleteNotice(app.db, input.id);
    await audit({ action: 'notice.delete', targetType: 'notice', targetId: input.id, before });
    return { data: { id: input.id }, message: '公告已删除' };
  });
  consoleEndpoint(app, consoleArticles, async () => ({ data: { items: await listArticles(app.db) } }));
  consoleEndpoint(app, consoleSaveArticle, async ({ input, audit }) => {
    const r = await saveArticle(app.db, input);
    await audit({
      action: 'article.save',
      targetType: 'article',
      targetId: `${input.section}:${input.type}`,
      ...r,
    });
    return { data: r.after, message: '文章已保存' };
  });
}

function pageRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSitePages, async () => ({ data: await sitePages(app.db) }));
  consoleEndpoint(app, consoleSaveWelcomeModal, async ({ input, audit }) => {
    const r = await saveWelcomeModal(app.db, input.index_modal);
    await audit({
      action: 'site.welcomeModal',
      targetType: 'sitePages',
      targetId: 'index_modal',
      before: { index_modal: r.before.index_modal },
      after: { index_modal: r.after.index_modal },
    });
    return { data: r.after, message: r.after.index_modal ? '首页弹窗已保存' : '首页弹窗已关闭' };
  });
  consoleEndpoint(app, consoleSaveSponsors, async ({ input, audit }) => {
    const r = await saveSponsors(app.db, input);
    const pick = (p: typeof r.before) => ({ sponsor_url_1: p.sponsor_url_1, sponsor_url_2: p.sponsor_url_2 });
    await audit({
      action: 'site.sponsors',
      targetType: 'sitePages',
      targetId: 'sponsors',
      before: pick(r.before),
      after: pick(r.after),
    });
    return { data: r.after, message: '赞助页地址已保存' };
  });
}

function messageRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleSiteMessages, async ({ input }) => ({
    data: await listSiteMessages(app.db, input.page, input.pageSize),
  }));
  consoleEndpoint(app, consoleSendSiteMessage, async ({ input, operator, audit }) => {
    const sent = await sendSiteMessage(app.db, input);
    await audit({
      action: 'message.send',
      targetType: SITE_MESSAGE_TARGET,
      targetId: sent.id,
      after: { to: sent.to ?? '全部会员', title: sent.title, content: input.content },
    });
    return {
      data: { ...sent, sent_by: operator.name },
      message: sent.to === null ? '站内信已发送给全部会员' : `站内信已发送给 ${sent.to}`,
    };
  });
}
