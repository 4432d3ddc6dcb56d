/* Pure rules of the content screens: help articles, message tabs, paging. */

/** Help centre (/boutBallBet) entries, in the spec's order: type → title. */
export const HELP_ARTICLES = [
  { type: 7, title: '关于我们' },
  { type: 1, title: '常见问题' },
  { type: 2, title: '隐私政策' },
  { type: 3, title: '免责说明' },
  { type: 4, title: '联系我们' },
  { type: 5, title: '代理加盟' },
  { type: 8, title: '博彩责任' },
] as const;
export type HelpType = (typeof HELP_ARTICLES)[number]['type'];

/** /abouts?type=: 5 terms and rules, 6 privacy policy. */
export const ABOUT_ARTICLES = [
  { type: 5, title: '条款与规则' },
  { type: 6, title: '隐私政策' },
] as const;
export type AboutType = (typeof ABOUT_ARTICLES)[number]['type'];

export const MSG_NO_PAGE = '页面不存在';

/** The article of a `type` query among `list`, or null when the type is missing or not one of them. */
export function articleOf<T extends { type: number; title: string }>(
  list: readonly T[],
  raw: string | null,
): T | null {
  if (raw === null || !/^\d{1,2}$/.test(raw.trim())) return null;
  const type = Number(raw);
  return list.find((a) => a.type === type) ?? null;
}

/**
 * /message?type=: tab 1 announcements (homenotice texts, the default), tab 2 site messages
 * (noticeList), tab 3 the member's own messages (messageList, our addition: only when the back end
 * has the call, else tab 1).
 */
export type MessageTab = '1' | '2' | '3';
export function messageTab(raw: string | null, withOwnMessages: boolean): MessageTab {
  if (raw === '2') return '2';
  if (raw === '3' && withOwnMessages) return '3';
  return '1';
}

/* Paging ------------------------------------------------------------------------------------------ */

/** The next page of a `{data, total, last_page?}` list, or undefined at its end. */
export function nextPage(
  last: { page: number; data: unknown[]; total: number; last_page?: number | undefined },
  pages: { data: unknown[] }[],
): number | undefined {
  if (last.data.length === 0) return undefined;
  if (last.last_page !== undefined && last.last_page > 0) {
    return last.page < last.last_page ? last.page + 1 : undefined;
  }
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

/** Spec §9: /app's banners advance every 3 s (its frame's 2 s is shared/ui/EmbeddedPage's). */
export const APP_BANNER_AUTOPLAY_MS = 3000;
