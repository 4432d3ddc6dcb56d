import { SUPPORT_TYPING_MIN_INTERVAL_MS } from '@app/contract/support-desk';
import { useEffect, useState } from 'react';
import { useDeskStore, type DeskStore } from './deskStore';

/** Typing counts as stopped after this long without a key. */
export const TYPING_IDLE_MS = 3_000;
/*
 * The server relays one typing mark per SUPPORT_TYPING_MIN_INTERVAL_MS per operator and drops the
 * others, its off too: marks go at most that often, and an off due sooner waits (a little margin for
 * the two clocks), else the member would see 客服正在输入 until its own timeout.
 */
const GAP_MS = SUPPORT_TYPING_MIN_INTERVAL_MS + 100;

/** The operator's typing marks in conversation `id`: `typed` on each change, `stopped` on send. */
function typingSender(store: DeskStore, id: number) {
  const s = { on: false, lastAt: 0, idle: 0, offTimer: 0 };
  const stopped = () => {
    window.clearTimeout(s.idle);
    window.clearTimeout(s.offTimer);
    if (!s.on) return;
    const sendOff = () => {
      s.on = false;
      s.lastAt = Date.now();
      store.send({ type: 'typing', id, on: false });
    };
    const wait = s.lastAt + GAP_MS - Date.now();
    if (wait > 0) s.offTimer = window.setTimeout(sendOff, wait);
    else sendOff();
  };
  const typed = () => {
    window.clearTimeout(s.idle);
    window.clearTimeout(s.offTimer);
    s.idle = window.setTimeout(stopped, TYPING_IDLE_MS);
    if (Date.now() - s.lastAt < GAP_MS) return;
    s.on = true;
    s.lastAt = Date.now();
    store.send({ type: 'typing', id, on: true });
  };
  return { typed, stopped };
}

export function useTypingSender(id: number) {
  const store = useDeskStore();
  const [sender] = useState(() => typingSender(store, id));
  // Leaving the conversation ends the typing mark.
  useEffect(() => () => sender.stopped(), [sender]);
  return sender;
}
