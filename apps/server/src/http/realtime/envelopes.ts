import type { DeskEvent, Revocation, RoomMessage } from './room-bus';

/* What travels in a NOTIFY payload of the room bus (pg-bus.ts), and how a receiver reads it back. */

export interface Envelope {
  /** The publishing bus instance. */
  o: string;
  r: number;
  m: RoomMessage;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** A notification's JSON, or null when it is missing or not JSON (someone else's NOTIFY). */
export function parsePayload(payload: string | undefined): unknown {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

/** Reads a notification payload; anything not in our shape (someone else's NOTIFY) is ignored. */
export function readEnvelope(payload: string | undefined): Envelope | null {
  const v = parsePayload(payload);
  if (!isRecord(v) || typeof v.o !== 'string' || !Number.isSafeInteger(v.r) || !isRecord(v.m)) return null;
  const m = v.m;
  if (typeof m.content !== 'string' || typeof m.type !== 'string' || typeof m.id !== 'number') return null;
  return { o: v.o, r: v.r as number, m: m as unknown as RoomMessage };
}

/** The revocation envelope: {o, k: 'revoke', v: {u: user, s: session ids or null, b: blocked}}. */
export function revocationPayload(instance: string, r: Revocation): string {
  return JSON.stringify({
    o: instance,
    k: 'revoke',
    v: { u: r.userId, s: r.sessionIds, b: r.reason === 'blocked' },
  });
}

/** Reads a revocation notification; null for anything else. */
export function readRevocation(payload: string | undefined): { o: string; revocation: Revocation } | null {
  const v = parsePayload(payload);
  if (!isRecord(v) || typeof v.o !== 'string' || v.k !== 'revoke' || !isRecord(v.v)) return null;
  const { u, s, b } = v.v;
  if (!Number.isSafeInteger(u) || typeof b !== 'boolean') return null;
  if (s !== null && !(Array.isArray(s) && s.every((id) => Number.isSafeInteger(id)))) return null;
  return {
    o: v.o,
    revocation: { userId: u as number, sessionIds: s as number[] | null, reason: b ? 'blocked' : 'revoked' },
  };
}

/*
 * Support desk events on the room bus's NOTIFY channel (pg-bus.ts): `{o: instance, k: 'desk', v: event}`.
 * One channel for everything keeps one LISTEN connection per process; the `k` tells the kinds apart.
 * Events are ids and flags (well under 200 bytes), so MAX_NOTIFY_BYTES is never near.
 */

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isSide = (v: unknown): v is 'member' | 'operator' => v === 'member' || v === 'operator';
const CHANGES: readonly unknown[] = ['waiting', 'assigned', 'transferred', 'closed'];

export function deskPayload(instance: string, event: DeskEvent): string {
  return JSON.stringify({ o: instance, k: 'desk', v: event });
}

/** The event of a desk notification's parsed JSON, or null when it is not one (or not in shape). */
export function readDeskEvent(v: Record<string, unknown>): { o: string; event: DeskEvent } | null {
  if (v.k !== 'desk' || typeof v.o !== 'string' || !v.v || typeof v.v !== 'object') return null;
  const e = v.v as Record<string, unknown>;
  const ok = (() => {
    switch (e.k) {
      case 'msg':
        return isId(e.c) && isId(e.from) && isId(e.to);
      case 'state':
        return isId(e.c) && CHANGES.includes(e.change);
      case 'read':
        return isId(e.c) && isSide(e.side) && Number.isSafeInteger(e.id);
      case 'typing':
        return isId(e.c) && isSide(e.side) && typeof e.on === 'boolean';
      case 'online':
        return true;
      case 'end':
        return isId(e.op) && (e.s === null || (Array.isArray(e.s) && e.s.every(isId)));
      default:
        return false;
    }
  })();
  return ok ? { o: v.o, event: e as unknown as DeskEvent } : null;
}
