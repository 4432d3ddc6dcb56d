/**
 * What the server pushes into lottery rooms: chat lines, accepted orders, round openings and draws.
 * Every process publishes here and every process delivers what it receives to its own sockets, so a
 * message sent on one process reaches members connected to another (PostgreSQL LISTEN/NOTIFY; the
 * embedded database has one process, and an in-memory bus).
 */

/** One socket message as sent on the wire (contract ChatServerMessage's input). */
export interface RoomMessage {
  /** false for a member's text; true or a toast text for the system's. */
  sysmsg: boolean | string;
  /** The sender's user id; 0 for the system. */
  id: number;
  author: string;
  avatar: string;
  content: string;
  /**
   * chat, order, open, draw; win: to member `id` only (lottery wins.ts); delete: an operator deleted
   * the stored message `msgid` (contract chat.ts ChatDeletion).
   */
  type: 'chat' | 'order' | 'open' | 'draw' | 'win' | 'delete';
  /** The stored message's id (chat_messages.id), on every stored message and on a deletion. */
  msgid?: number;
  /** A win: what the member won, in yuan. */
  payout?: string;
  expect?: string;
  hash?: string | null;
  /** A draw: {expect, opencode, opentime2, extend, hash, seed}. */
  result?: Record<string, unknown> | null;
  /** `Y-m-d H:i:s`, Beijing time. */
  time?: string;
}

/**
 * Sign-in sessions that just ended (logout, password change) or a member just blocked: every process
 * closes the matching sockets. Published only after the change is committed, so a process that then
 * looks the session up sees it ended.
 */
export interface Revocation {
  userId: number;
  /** The sessions that ended; null: all of the member's (a block). */
  sessionIds: number[] | null;
  reason: 'revoked' | 'blocked';
}

/**
 * A support desk event (modules/support-desk): ids and small values only, never a message's text, so
 * every one fits a NOTIFY payload; each process re-reads what it delivers from the database (once per
 * event, whatever its number of sockets). Published after the change commits.
 */
export type DeskEvent =
  /** Messages `from`..`to` (ids) of conversation `c` were written. */
  | { k: 'msg'; c: number; from: number; to: number }
  /** The conversation opened (waiting), was given to an operator, transferred, or closed. */
  | { k: 'state'; c: number; change: 'waiting' | 'assigned' | 'transferred' | 'closed' }
  /** One side read the conversation up to message `id`. */
  | { k: 'read'; c: number; side: 'member' | 'operator'; id: number }
  /** One side is typing (sockets only, never stored). */
  | { k: 'typing'; c: number; side: 'member' | 'operator'; on: boolean }
  /** Whether any 客服 is online may have changed: receivers read it again. */
  | { k: 'online' }
  /** Console sessions ended (sign-out): `s` their ids, null all of operator `op`'s. */
  | { k: 'end'; op: number; s: number[] | null };

export interface RoomBus {
  publish(roomId: number, message: RoomMessage): Promise<void>;
  /** Delivers every message published to the room, by any process; returns the unsubscribe. */
  subscribe(roomId: number, listener: (message: RoomMessage) => void): () => void;
  /** Tells every process, this one first (synchronously), that sessions ended. */
  publishRevocation(revocation: Revocation): Promise<void>;
  /** Delivers every revocation published by any process; returns the unsubscribe. */
  onRevocation(listener: (revocation: Revocation) => void): () => void;
  /** Tells every process, this one first (synchronously), of a support desk event. */
  publishDesk(event: DeskEvent): Promise<void>;
  /** Delivers every desk event published by any process; returns the unsubscribe. */
  onDesk(listener: (event: DeskEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process: publish delivers synchronously to this process's listeners. */
export function memoryRoomBus(): RoomBus {
  const listeners = new Map<number, Set<(message: RoomMessage) => void>>();
  const revocationListeners = new Set<(revocation: Revocation) => void>();
  const deskListeners = new Set<(event: DeskEvent) => void>();
  return {
    async publish(roomId, message) {
      for (const l of listeners.get(roomId) ?? []) l(message);
    },
    subscribe(roomId, listener) {
      let set = listeners.get(roomId);
      if (!set) listeners.set(roomId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(roomId);
      };
    },
    async publishRevocation(revocation) {
      for (const l of [...revocationListeners]) l(revocation);
    },
    onRevocation(listener) {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },
    async publishDesk(event) {
      for (const l of [...deskListeners]) l(event);
    },
    onDesk(listener) {
      deskListeners.add(listener);
      return () => deskListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      revocationListeners.clear();
      deskListeners.clear();
    },
  };
}
