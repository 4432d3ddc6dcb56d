/**
 * The sponsor pages of /zhanzhu and /zhanzhuye?type=: their names here, their pages at the addresses
 * the server's site settings give (appInfo zhanzhu_urls, in type order).
 */
export const SPONSORS = [
  { type: 1, title: '欧洲足球俱乐部官方合作伙伴', summary: '携手顶级俱乐部，共享足球激情' },
  { type: 2, title: '国际电竞赛事官方赞助商', summary: '助力电竞，见证冠军诞生' },
] as const;
export type Sponsor = (typeof SPONSORS)[number];

/** The sponsor of a `type` query and its page address ('' when the server names none). */
export function sponsorOf(
  raw: string | null,
  urls: readonly string[],
): { sponsor: Sponsor; url: string } | null {
  const sponsor = SPONSORS.find((s) => String(s.type) === raw?.trim());
  if (!sponsor) return null;
  return { sponsor, url: (urls[sponsor.type - 1] ?? '').trim() };
}
