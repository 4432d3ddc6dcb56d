/* What the member app hands the page in the address's hash (`#/?t=<ticket>&v=<visitor key>`), and how
 * the page rewrites it. The page keeps nothing in storage: it runs in an opaque origin, where
 * localStorage and sessionStorage throw, so the visitor key travels in the hash. */

const VISITOR_KEY = /^[A-Za-z0-9_-]{20,64}$/;

export interface HashParams {
  /** getservicerurl's one-time ticket (a signed-in member). */
  ticket: string | null;
  /** The visitor key the member app keeps for this browser (or the one the server gave last time). */
  visitorKey: string | null;
  /** A ticket was redeemed by this page before: a reload, which needs the app to open the desk again. */
  spent: boolean;
}

export function readHash(hash: string): HashParams {
  const query = hash.replace(/^#\/?\??/, '');
  const params = new URLSearchParams(query);
  const v = params.get('v');
  return {
    ticket: params.get('t') || null,
    visitorKey: v && VISITOR_KEY.test(v) ? v : null,
    spent: params.get('used') === '1',
  };
}

/** The hash after redeeming a ticket (so a reload does not spend it again) or getting a visitor key. */
export function hashAfter(visitorKey: string | null, spent: boolean): string {
  const params = new URLSearchParams();
  if (visitorKey) params.set('v', visitorKey);
  if (spent) params.set('used', '1');
  const query = params.toString();
  return query ? `#/?${query}` : '#/';
}

/** Replaces the address's hash without a new history entry (guarded: a sandboxed page may refuse). */
export function replaceHash(hash: string): void {
  try {
    history.replaceState(null, '', hash);
  } catch {
    try {
      location.replace(hash);
    } catch {
      // Nothing to do: the worst case is a reload that shows the ticket's refusal.
    }
  }
}
