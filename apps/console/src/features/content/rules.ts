/* Pure rules of the content screens: the same address rule as the server's (contract SafeUrl). */
import { SafeUrl } from '@app/contract/codecs';
import { MSG_LINK_INVALID } from '@app/contract/console-content';

/** '' or an address the server takes: http(s)://… or a path of the site (/activity). */
export function linkOk(value: string | undefined): boolean {
  const v = (value ?? '').trim();
  return v === '' || SafeUrl.safeParse(v).success;
}

/** A Form rule for an optional link. */
export const linkRule = {
  validator: (_: unknown, value: string | undefined) =>
    linkOk(value) ? Promise.resolve() : Promise.reject(new Error(MSG_LINK_INVALID)),
};

/** The ids in their new order after moving the one at `index` by `step` (−1 up, +1 down). */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const to = index + step;
  if (to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to] as number, next[index] as number];
  return next;
}

/** Whether an editor's HTML says something (text or a picture): what the server requires. */
export function richTextFilled(html: string | undefined): boolean {
  const v = html ?? '';
  if (/<img\b/i.test(v)) return true;
  return (
    v
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

/** A Form rule for rich text that must not be empty. */
export const richTextRule = (missing: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    richTextFilled(value) ? Promise.resolve() : Promise.reject(new Error(missing)),
});
