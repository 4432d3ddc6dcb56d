import { PAGE_SIZES } from '@app/contract/codecs';
import type { ReplyOf } from '@app/contract/define';
import { article, noticeList } from '@app/contract/site';
import { messageList } from '@app/contract/content';
import { reply, replyWith } from '@app/mobile/test/msw-contract';

/* Content replies for the content screen tests (each test adds these with server.use). */

export const ANNOUNCEMENTS: ReplyOf<typeof noticeList> = {
  data: [
    { id: 1, title: '系统维护公告', content: '<p>今晚维护</p>', created_at: '2026-11-20 10:00:00' },
    { id: 2, title: '新游戏上线', content: '<p>欢迎体验</p>', created_at: '2026-11-19 09:00:00' },
  ],
  total: 2,
  current_page: 1,
  last_page: 1,
};

/** Site messages: 12 in all, 10 a page; the first carries dangerous HTML. */
export function messagePage(page: number): ReplyOf<typeof messageList> {
  const all = Array.from({ length: 12 }, (_, i) => ({
    id: 100 + i,
    title: i === 0 ? '危险内容测试' : `站内信${i + 1}`,
    content:
      i === 0
        ? '<p>你好<img src="x" onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">点我</a><script>window.__pwned=3</script><a href="https://example.com/a" onclick="window.__pwned=4">外链</a></p>'
        : `<p>内容${i + 1}</p>`,
    created_at: `2026-11-${String(21 - i).padStart(2, '0')} 12:00:00`,
  }));
  return {
    data: all.slice((page - 1) * PAGE_SIZES.siteMessages, page * PAGE_SIZES.siteMessages),
    total: all.length,
    current_page: page,
    last_page: 2,
  };
}

export const contentHandlers = [
  reply(noticeList, ANNOUNCEMENTS),
  replyWith(messageList, async (request) => {
    const body = (await request.json().catch(() => ({}))) as { page?: number };
    return messagePage(Number(body.page ?? 1));
  }),
  replyWith(article, async (request) => {
    const body = (await request.json()) as { type: number };
    return { title: `文章${body.type}`, content: `<h3>第${body.type}类文章</h3><p onclick="x()">正文</p>` };
  }),
];
