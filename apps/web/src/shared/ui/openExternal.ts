/** Opens a third-party page (support chat, games) in a new window without access to our origin. */
export function openExternal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
  return true;
}
