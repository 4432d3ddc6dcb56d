/* A showing or open window of content and activities: 开始时间 / 结束时间, both optional ('YYYY-MM-DD
 * HH:mm', Beijing, on the wire; null: unbounded). Members see an item only inside its window. */
import * as z from 'zod/mini';
import { formatDateTime, parseDateTime } from './codecs';

export const MSG_WINDOW_TIME = '时间格式：YYYY-MM-DD HH:mm';
export const MSG_WINDOW_ORDER = '结束时间须晚于开始时间';

const MINUTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** 'YYYY-MM-DD HH:mm' (Beijing) → epoch ms; null when empty or malformed. */
export function windowTimeMs(text: string | null | undefined): number | null {
  if (!text || !MINUTE.test(text)) return null;
  return parseDateTime(text);
}

/** epoch ms → 'YYYY-MM-DD HH:mm' (Beijing). */
export const windowTimeText = (ms: number) => formatDateTime(ms).slice(0, 16);

/** An optional bound: '' / null / absent → null, else a valid 'YYYY-MM-DD HH:mm'. */
export const WindowTime = z._default(
  z.pipe(
    z.nullable(z.string({ error: MSG_WINDOW_TIME }).check(z.maxLength(32, MSG_WINDOW_TIME))),
    z.transform((v, ctx): string | null => {
      const text = v?.trim() ?? '';
      if (text === '') return null;
      if (windowTimeMs(text) === null) {
        ctx.issues.push({ code: 'custom', message: MSG_WINDOW_TIME, input: v });
        return null;
      }
      return text;
    }),
  ),
  null,
);

export const WINDOW_FIELDS = { starts_at: WindowTime, ends_at: WindowTime };

/** The refusal of a window whose end is not after its start, else null. */
export function windowProblem(w: { starts_at?: string | null; ends_at?: string | null }): string | null {
  const start = windowTimeMs(w.starts_at);
  const end = windowTimeMs(w.ends_at);
  return start !== null && end !== null && end <= start ? MSG_WINDOW_ORDER : null;
}

/** The object check of a window (issue on ends_at). */
export const windowCheck = <T extends { starts_at: string | null; ends_at: string | null }>() =>
  z.superRefine<T>((o, ctx) => {
    const problem = windowProblem(o);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: o, path: ['ends_at'] });
  });

/** A row's window as the console shows it. */
export const WindowRowFields = { starts_at: z.nullable(z.string()), ends_at: z.nullable(z.string()) };

export const WINDOW_STATES = ['pending', 'live', 'ended'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];
export const WINDOW_STATE_LABELS: Record<WindowState, string> = {
  pending: '未开始',
  live: '展示中',
  ended: '已结束',
};

/** Where `nowMs` falls in the window (bounds as 'YYYY-MM-DD HH:mm' or null). */
export function windowState(
  w: { starts_at: string | null; ends_at: string | null },
  nowMs: number,
): WindowState {
  const start = windowTimeMs(w.starts_at);
  const end = windowTimeMs(w.ends_at);
  if (start !== null && nowMs < start) return 'pending';
  if (end !== null && nowMs >= end) return 'ended';
  return 'live';
}
