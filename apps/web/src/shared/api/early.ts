/* Replies that public/boot.js asked for before the app's code arrived (today: the opened lottery
 * room's /api/lotteryRoom), so that they come alongside the code instead of after it. boot.js keeps
 * each under `window.__early[url]`, with the token it sent; the API client takes one over when it
 * would send the very same request (same URL, same token), once, and checks it like every reply. */

/** What boot.js kept of a reply: its status, body and when it arrived (Date.now()). */
export interface EarlyReply {
  status: number;
  text: string;
  receivedAt: number;
}

/** One request boot.js started: the token it sent (null: none) and its reply. */
export interface EarlyRequest {
  token: string | null;
  reply: Promise<EarlyReply>;
}

declare global {
  interface Window {
    /** Filled by public/boot.js, keyed by the URL it asked for (the API base included). */
    __early?: Record<string, EarlyRequest | undefined>;
  }
}

/**
 * An early reply older than this is not used: the room's round clock counts from the moment of the
 * reply it holds, so a reply that waited long for the app would show a countdown that late.
 */
export const EARLY_MAX_AGE_MS = 3000;

/**
 * The early request for `url`, taken out (it serves one call only), when boot.js sent it with
 * `token`; null when there is none or it was sent for another member (it is then dropped too).
 */
export function takeEarly(url: string, token: string | null): Promise<EarlyReply> | null {
  const all = typeof window === 'undefined' ? undefined : window.__early;
  if (!all || !Object.prototype.hasOwnProperty.call(all, url) || all[url] === undefined) return null;
  const entry = all[url];
  all[url] = undefined; // taken: it serves one call only
  if (!entry || !token || entry.token !== token || !(entry.reply instanceof Promise)) return null;
  return entry.reply;
}

/**
 * The early reply, or null when it failed or is stale (the caller then sends the request itself).
 * Rejects with the abort when `signal` ends first, as the caller's own fetch would.
 */
export async function earlyReply(
  reply: Promise<EarlyReply>,
  signal: AbortSignal,
): Promise<EarlyReply | null> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  let got: EarlyReply;
  try {
    got = await Promise.race([reply, aborted]);
  } catch (error) {
    if (signal.aborted) throw error;
    return null; // no answer early: ask again
  }
  const fresh =
    typeof got.status === 'number' &&
    typeof got.text === 'string' &&
    Date.now() - got.receivedAt <= EARLY_MAX_AGE_MS;
  return fresh ? got : null;
}
