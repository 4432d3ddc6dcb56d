/* The `redirect` query of /login: followed only when it is a path inside this app (as apps/web's
 * shared/navigation/redirect.ts). */

/**
 * `target` when it is an in-app path: one leading '/', then neither '/' nor '\' (which browsers read
 * as another host), no control characters or spaces; never back to /login or /ticket.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || target[0] !== '/') return null;
  if (target[1] === '/' || target[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(target)) return null;
  if (/^\/(login|ticket)(\?|$)/.test(target)) return null;
  return target;
}

/** Where the guard sends a visitor who wants `from` (path and search). */
export function loginPath(from: string): string {
  return safeRedirect(from) && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}
