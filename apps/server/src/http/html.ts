/** Text for HTML or SVG: safe as element content and inside a quoted attribute value. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text as the HTML a site message holds: escaped, line breaks kept. */
export function textAsHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
