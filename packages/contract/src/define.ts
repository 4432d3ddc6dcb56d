/* The contract's schemas use zod's tree-shakable mini API (~5 KB gzip in the browser instead of
 * classic zod's ~24 KB). Import it as a namespace, `import * as z from 'zod/mini'`: with
 * `import { z } from 'zod/mini'` esbuild keeps every member of the re-exported `z` object, all of
 * zod's locales included (~85 KB). zod/mini's transforms have no `ctx.addIssue`: use codecs' `reject`. */
import * as z from 'zod/mini';

/**
 * Who may make a call: anyone, anyone (with the member when a token is sent), members only, the
 * operator (the local operator API under /ops, never in ALL_CALLS: see ops.ts), a signed-in operator
 * of the web console (its own listener; see console-define.ts), or the holder of a support token (the
 * support desk's page: support-desk.ts; the member's own token does not open these calls).
 */
export type CallAuth = 'none' | 'optional' | 'member' | 'operator' | 'console' | 'support';

/**
 * A schema of either zod API (mini, as the contract's, or classic): zod's core type plus the parse
 * methods both APIs give their schemas. Types come from `z.input` / `z.output` (zod core).
 */
export interface Schema extends z.core.$ZodType {
  parse(data: unknown): unknown;
  safeParse(data: unknown): z.core.util.SafeParseResult<unknown>;
}

export interface CallDef<Req extends Schema = Schema, Res extends Schema = Schema> {
  /** The call's name in the spec, e.g. `login_pc`. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Body (POST) or query (GET). */
  readonly request: Req;
  /** The envelope's `data`. Wire shape in, normalised shape out. */
  readonly response: Res;
  readonly auth: CallAuth;
  /** Moves money: needs an `Idempotency-Key` header. */
  readonly money: boolean;
  /**
   * Creates something (an account, a card, an application): a repeat with the same
   * `Idempotency-Key` and request gets the first one's reply, as for money calls.
   */
  readonly idempotent: boolean;
  /** Sent as multipart/form-data (files). */
  readonly multipart: boolean;
}

export function defineCall<Req extends Schema, Res extends Schema>(def: {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  request: Req;
  response: Res;
  auth?: CallAuth;
  money?: boolean;
  idempotent?: boolean;
  multipart?: boolean;
}): CallDef<Req, Res> {
  return { auth: 'member', money: false, idempotent: false, multipart: false, ...def };
}

/** What the client sends (before the server's parsing). */
export type RequestOf<C extends CallDef> = z.input<C['request']>;
/** What the server works with after parsing the request. */
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
/** What the server puts in `data` (wire shape). */
export type ReplyOf<C extends CallDef> = z.input<C['response']>;
/** What the client gets after normalising `data`. */
export type DataOf<C extends CallDef> = z.output<C['response']>;

/** Every reply of the API family: `{code, message, data}`; code 200 is success. */
export const Envelope = z.object({
  code: z.pipe(z.union([z.number(), z.string()]), z.transform(Number)),
  message: z.pipe(
    z.nullish(z.string()),
    z.transform((m) => m ?? ''),
  ),
  data: z.optional(z.unknown()),
});
export type Envelope = z.output<typeof Envelope>;
export type WireEnvelope = z.input<typeof Envelope>;

export const SUCCESS_CODE = 200;
export const SESSION_OVER_CODE = 401;

/** A call with nothing to send. Real clients may still send `{}` or nothing at all. */
export const NoInput = z.pipe(
  z.optional(z.looseObject({})),
  z.transform(() => ({})),
);

/** A reply whose `data` the client does not read. */
export const AnyData = z.pipe(
  z.unknown(),
  z.transform(() => null),
);
