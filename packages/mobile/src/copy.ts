/* Copying a text the user will paste elsewhere (an address, a link, a hash). The Clipboard API exists
 * only in a secure context, and the apps are also served on plain http, so the older way is the fallback. */

/** Copies `text`: the Clipboard API, else the older execCommand('copy'), else it failed. */
export async function copyText(text: string): Promise<'clipboard' | 'fallback' | 'failed'> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return 'clipboard';
    }
  } catch {
    // denied or not a secure context: try the fallback
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok ? 'fallback' : 'failed';
  } catch {
    return 'failed';
  }
}
