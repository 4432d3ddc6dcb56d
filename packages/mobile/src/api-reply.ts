/* Reading an API reply's body, before each app's client decides what it means (its errors differ). */

/** The reply's JSON object, or null when the body is no JSON object (an HTML error page, a list). */
export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The first message of a 422's `errors`: `['msg']`, `{field: ['msg']}` or `{field: 'msg'}`. */
export function firstError(errors: unknown): string {
  const values = Array.isArray(errors)
    ? errors
    : errors && typeof errors === 'object'
      ? Object.values(errors)
      : [];
  for (const v of values) {
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (Array.isArray(v) || (v && typeof v === 'object')) {
      const nested = firstError(v);
      if (nested) return nested;
    }
  }
  return '';
}
