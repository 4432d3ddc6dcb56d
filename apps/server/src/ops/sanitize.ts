/**
 * Text from the server (member names, card holders, reasons…) reaches the operator's terminal only
 * through these. A control character there could move the cursor, erase or rewrite lines, recolour
 * or retitle the terminal, and a bidi override could show text in another order than it is: each one
 * is shown as a visible escape instead (`\x1b`, `\r`, `\u202e`), so the operator sees it was there.
 */

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * C0 controls, DEL, C1 controls; the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and marks (U+200E, U+200F, U+061C); line and paragraph separators (U+2028, U+2029).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but newline and tab (the command line's own layout) stay. */
const UNSAFE_KEEP_LAYOUT =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x100 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}

/** One value on one line: every control character (newline and tab too) shown escaped. */
export function safeCell(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/** Whole output: every control character escaped but newline and tab, which lay it out. */
export function safeOutput(text: string): string {
  return text.replace(UNSAFE_KEEP_LAYOUT, escapeOne);
}

/** A reply's data with every string (keys too) made a safe cell, before any command formats it. */
export function safeData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return safeCell(value);
  if (depth > 32) return null;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => safeData(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [safeCell(k), safeData(v, depth + 1)]));
}
