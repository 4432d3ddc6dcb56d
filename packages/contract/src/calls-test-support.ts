/**
 * What the calls tests' samples share (used by calls-samples.ts and the calls tests only): the shape
 * of a sample, a one-page list and the times and address the samples use.
 */

/* One valid request and one wire reply per call (also the fuzzer's starting points). `data`, when
 * given, is what the client gets (checked with toMatchObject). */
export type Sample = { request: unknown; reply: unknown; data?: unknown };

export const page = <T>(rows: T[]) => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });
export const T = '2026-11-22 10:00:00';
export const T_MS = Date.UTC(2026, 10, 22, 2);
export const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
