import { z } from 'zod';

/** Who may make a call: anyone, anyone (with the member when a token is sent), or members only. */
export type CallAuth = 'none' | 'optional' | 'member';

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
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
  /** Sent as multipart/form-data (files). */
  readonly multipart: boolean;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  request: Req;
  response: Res;
  auth?: CallAuth;
  money?: boolean;
  multipart?: boolean;
}): CallDef<Req, Res> {
  return { auth: 'member', money: false, multipart: false, ...def };
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
  code: z.union([z.number(), z.string()]).transform(Number),
  message: z
    .string()
    .nullish()
    .transform((m) => m ?? ''),
  data: z.unknown().optional(),
});
export type Envelope = z.output<typeof Envelope>;
export type WireEnvelope = z.input<typeof Envelope>;

export const SUCCESS_CODE = 200;
export const SESSION_OVER_CODE = 401;

/** A call with nothing to send. Real clients may still send `{}` or nothing at all. */
export const NoInput = z
  .object({})
  .loose()
  .optional()
  .transform(() => ({}));

/** A reply whose `data` the client does not read. */
export const AnyData = z.unknown().transform(() => null);
