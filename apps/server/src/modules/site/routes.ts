import {
  agentLoginUrl,
  app as appCall,
  article,
  bannerList,
  homeNotice,
  noticeList,
  serviceUrl,
  visitUrl,
} from '@app/contract/site';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../http/endpoint';
import { agentOfficeUrl } from '../agents/tickets';
import { serviceAddress } from '../support-desk/identity';
import * as site from './service';
import { sponsorPageRoutes } from './sponsor-pages';

export default async function siteRoutes(app: FastifyInstance) {
  endpoint(app, appCall, { handler: async () => ({ data: await site.appInfo(app.db) }) });

  endpoint(app, bannerList, {
    handler: async ({ input }) => ({ data: await site.bannerList(app.db, input.type) }),
  });

  endpoint(app, homeNotice, { handler: async () => ({ data: await site.homeNoticeTexts(app.db) }) });

  endpoint(app, noticeList, {
    handler: async ({ input, optionalMember }) => ({
      data: await site.noticePage(app.db, input.page, optionalMember?.id ?? null),
    }),
  });

  // Our own desk gets a signed-in member a one-time ticket (issue 34); another desk's address as it is.
  endpoint(app, serviceUrl, {
    handler: async ({ optionalMember }) => ({
      data: {
        url: await serviceAddress(app.db, (await site.getSettings(app.db)).serviceUrl, optionalMember),
      },
    }),
  });

  endpoint(app, visitUrl, {
    handler: async ({ optionalMember }) => {
      const settings = await site.getSettings(app.db);
      return { data: { url: site.visitUrl(settings.h5Url, optionalMember?.id ?? null) } };
    },
  });

  // An approved agent's way into its back office: the address with a one-time ticket (issue 33).
  endpoint(app, agentLoginUrl, {
    handler: async ({ member }) => ({
      data: { url: await agentOfficeUrl(app.db, member, (await site.getSettings(app.db)).agentLoginUrl) },
    }),
  });

  endpoint(app, article, {
    handler: async ({ input }) => ({
      data: await site.article(app.db, input.type, input.section ?? 'help'),
    }),
  });

  sponsorPageRoutes(app);
}
