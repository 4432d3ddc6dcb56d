import * as z from 'zod/mini';
import { IntLike, ListOf, OptionalDateTime, Text, TextLike } from './codecs';

/* A drawn round as the lottery API family sends it (nowdata.last, openlist, a 'draw' chat message),
 * read into one shape; lottery.ts builds the room and the chat on it. */

export const WAVE_COLORS = ['red', 'green', 'blue'] as const;
export type WaveColor = (typeof WAVE_COLORS)[number];
/** 'red' / '红' / '红波' / 'r' → 'red' (and green, blue); anything else → null. */
export function readWaveColor(value: string): WaveColor | null {
  const t = value.trim().toLowerCase();
  if (/^(red|r|红|红波)$/.test(t)) return 'red';
  if (/^(green|g|绿|绿波)$/.test(t)) return 'green';
  if (/^(blue|b|蓝|蓝波)$/.test(t)) return 'blue';
  return null;
}

/** A round number: `20261122001`; sent as a string or a number. */
const Expect = z.pipe(
  z.union([z.string().check(z.maxLength(32)), z.number()]),
  z.transform((v) => String(v).trim()),
);

/** sha256(seed) or the seed itself: 64 hex digits, lower-cased; anything else → null. */
export const Hex32 = z.pipe(
  z.nullish(z.string().check(z.maxLength(128))),
  z.transform((v) => (v && /^[0-9a-f]{64}$/i.test(v.trim()) ? v.trim().toLowerCase() : null)),
);

/** One ball's labels (type 1): colour wave and 大/小 单/双. */
const DrawBall = z.pipe(
  z.object({ number: IntLike, color: Text, text: Text }),
  z.transform((o) => ({ number: o.number, color: readWaveColor(o.color), text: o.text })),
);

/**
 * `extend`: the labels of a result. Our server sends `{sum, text, color}` for type 2 (three balls:
 * total, e.g. '大单', colour) and `{balls: [{number, color, text}]}` for type 1. Other back ends send
 * a label string, a list of labels, or nothing; all are read.
 */
const DrawExtend = z.pipe(
  z.optional(
    z.union([
      z.object({
        sum: z.nullish(z.union([z.number(), z.string()])),
        text: Text,
        color: Text,
        balls: ListOf(DrawBall),
      }),
      z.array(z.union([z.string(), DrawBall])),
      z.string(),
      z.null(),
    ]),
  ),
  z.transform((v) => {
    const labels = {
      sum: null as number | null,
      text: '',
      color: null as WaveColor | null,
      balls: [] as z.output<typeof DrawBall>[],
    };
    if (typeof v === 'string') labels.text = v;
    else if (Array.isArray(v)) {
      labels.text = v.filter((x): x is string => typeof x === 'string').join(' ');
      labels.balls = v.filter((x): x is z.output<typeof DrawBall> => typeof x !== 'string');
    } else if (v) {
      const sum = v.sum === null || v.sum === undefined || v.sum === '' ? NaN : Number(v.sum);
      labels.sum = Number.isInteger(sum) ? sum : null;
      labels.text = v.text;
      labels.color = readWaveColor(v.color);
      labels.balls = v.balls;
    }
    return labels;
  }),
);

/** '3,5,9', '3+5+9', '03 05 09' or [3, 5, 9] → [3, 5, 9]. */
const OpenCode = z.pipe(
  z.nullish(
    z.union([
      z.string().check(z.maxLength(256)),
      z.array(z.union([z.number(), z.string().check(z.maxLength(8))])).check(z.maxLength(64)),
    ]),
  ),
  z.transform((v) => {
    if (v === null || v === undefined) return [];
    const parts = Array.isArray(v) ? v.map(String) : v.split(/[^\d]+/);
    return parts.filter((p) => /^\d+$/.test(p.trim())).map(Number);
  }),
);

/**
 * A drawn round (nowdata.last, an openlist item, a 'draw' chat message). Provable fairness
 * (server-rules): `hash` = sha256(seed) published when the round opened, `seed` revealed at the draw;
 * the balls derive from HMAC-SHA256(seed, expect). Both are optional (other back ends send neither).
 */
export const Draw = z.pipe(
  z.object({
    expect: Expect,
    /** The balls; type 1: six balls then the special ball. */
    opencode: OpenCode,
    opentime: OptionalDateTime,
    /** Draw time as the back end formats it for display. */
    opentime2: TextLike,
    extend: DrawExtend,
    hash: Hex32,
    seed: Hex32,
    /** Our server's addition: the round was cancelled (never drawn, every stake refunded). */
    cancelled: z.nullish(z.boolean()),
  }),
  z.transform((o) => ({
    expect: o.expect,
    cancelled: o.cancelled === true || undefined,
    numbers: o.opencode.length > 0 ? o.opencode : o.extend.balls.map((b) => b.number),
    openedAt: o.opentime,
    openTimeText: o.opentime2,
    sum: o.extend.sum,
    text: o.extend.text,
    color: o.extend.color,
    balls: o.extend.balls,
    hash: o.hash,
    seed: o.seed,
  })),
);
export type Draw = z.output<typeof Draw>;
