import type { ConsoleSupportClientFrame } from '@app/contract/console-support-socket';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/** Why the socket stays down until the operator acts: another site's page or role, or too many tabs. */
export type DeskProblem = { kind: 'forbidden' | 'tooMany'; message: string } | null;

export interface DeskState {
  /** The socket is open and admitted: the queries do not poll. */
  live: boolean;
  problem: DeskProblem;
  /** Conversations whose member is typing now. */
  typing: Readonly<Record<number, true>>;
  /** The member side's read mark per conversation, as the socket reported it. */
  reads: Readonly<Record<number, number>>;
}

/** How long a member's typing mark shows without a new one (it may never send its off). */
export const TYPING_SHOW_MS = 6_000;

/**
 * The desk socket's state, one per QueryClient (the app's; each test's own): the menu's badge, the
 * screen and its panes read it without a provider, and the socket hook writes it.
 */
export class DeskStore {
  private state: DeskState = { live: false, problem: null, typing: {}, reads: {} };
  private readonly listeners = new Set<() => void>();
  private readonly typingTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private sender: ((text: string) => void) | null = null;
  /** The conversation open on screen (re-sent after each reconnect). */
  watching: number | null = null;
  /** Set by the socket hook: connect again now (重试 after too many tabs). */
  retry: () => void = () => undefined;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.state;

  set(patch: Partial<DeskState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** The open socket's sender (null: down); frames sent while down are dropped (advisory). */
  connect(sender: ((text: string) => void) | null): void {
    this.sender = sender;
  }

  send(frame: ConsoleSupportClientFrame): void {
    this.sender?.(JSON.stringify(frame));
  }

  watch(id: number | null): void {
    if (this.watching === id) return;
    this.watching = id;
    this.send({ type: 'watch', id });
  }

  setTyping(id: number, on: boolean): void {
    clearTimeout(this.typingTimers.get(id));
    this.typingTimers.delete(id);
    if (on)
      this.typingTimers.set(
        id,
        setTimeout(() => this.setTyping(id, false), TYPING_SHOW_MS),
      );
    if (!!this.state.typing[id] === on) return;
    const others = Object.entries(this.state.typing).filter(([k]) => Number(k) !== id);
    this.set({ typing: { ...Object.fromEntries(others), ...(on ? { [id]: true as const } : {}) } });
  }

  markRead(id: number, upTo: number): void {
    if ((this.state.reads[id] ?? 0) >= upTo) return;
    this.set({ reads: { ...this.state.reads, [id]: upTo } });
  }

  /** The socket closed: nothing live any more (typing marks would never get their off). */
  down(problem: DeskProblem = null): void {
    for (const t of this.typingTimers.values()) clearTimeout(t);
    this.typingTimers.clear();
    this.sender = null;
    this.set({ live: false, problem, typing: {} });
  }
}

const stores = new WeakMap<QueryClient, DeskStore>();

export function deskStore(client: QueryClient): DeskStore {
  let store = stores.get(client);
  if (!store) stores.set(client, (store = new DeskStore()));
  return store;
}

export function useDeskStore(): DeskStore {
  return deskStore(useQueryClient());
}

export function useDeskState(): DeskState {
  const store = useDeskStore();
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Whether the socket is live: the queries' refetchInterval goes while it is. */
export const useDeskLive = () => useDeskState().live;

/** Tells the socket which conversation is open on screen (and again after each reconnect). */
export function useDeskWatch(id: number | null): void {
  const store = useDeskStore();
  useEffect(() => {
    store.watch(id);
  }, [store, id]);
  useEffect(() => () => store.watch(null), [store]);
}
