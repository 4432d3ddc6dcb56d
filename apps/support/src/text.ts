/* Text as the server cleans chat text: control characters and bidi overrides removed, line breaks and
 * runs of spaces made one space, trimmed. */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function cleanText(text: string): string {
  return text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/** "Y-m-d H:i:s" → "H:i" today, else "m-d H:i". */
export function shortTime(time: string, today: string): string {
  return time.slice(0, 10) === today ? time.slice(11, 16) : time.slice(5, 16);
}

/** Today in Beijing as "Y-m-d" (the server's times are Beijing's). */
export function beijingToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}
