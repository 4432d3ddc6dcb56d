/**
 * Leaves the app for another page of the site, in this tab, so that the browser's back returns to
 * the app (the agents' back office: it refuses to be framed). A function of its own so tests can
 * replace it (jsdom cannot navigate).
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
