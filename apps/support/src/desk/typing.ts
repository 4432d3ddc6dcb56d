import { SUPPORT_TYPING_MIN_INTERVAL_MS } from '@app/contract/support-desk';

/* The member's typing marks for the 客服: `on` while typing, at most once per
 * SUPPORT_TYPING_MIN_INTERVAL_MS, `off` after IDLE_MS without a key, or on send / blur. The server
 * drops any mark within that interval of the previous one (one slot per sender), so an `off` that
 * comes too soon waits for its turn: dropped, it would leave "typing" on the 客服's screen. */

export const TYPING_IDLE_MS = 3000;
/** While typing goes on, `on` is said again this often: a reader clears a mark not renewed (ours: 6 s). */
export const TYPING_REPEAT_MS = 3000;
/** The server measures the interval on arrival: a little slack for the network. */
const SLACK_MS = 150;

export interface TypingOut {
  /** A key in the box (`empty`: the box is empty now, which is not typing). */
  input: (empty: boolean) => void;
  /** Sent, blurred, or gone: `off` if `on` was said (an `off` waiting for its turn still goes). */
  stop: () => void;
}

export function typingOut(send: (on: boolean) => boolean, now = () => Date.now()): TypingOut {
  let on = false;
  /** The 客服's screen shows our mark: `on` said and not ended. A send ends it at once (the 客服 clears
   * the mark when the message comes), even while its `off` waits for its turn. */
  let shown = false;
  let lastSent = -Infinity;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let pendingOff: ReturnType<typeof setTimeout> | undefined;

  const mark = (value: boolean) => {
    if (send(value)) lastSent = now();
    on = value; // also when not sent: a socket down says nothing, and the next key tries again
    shown = value;
  };
  const sendOff = () => {
    pendingOff = undefined;
    if (on) mark(false);
  };
  const stop = () => {
    clearTimeout(idle);
    idle = undefined;
    shown = false;
    if (!on || pendingOff !== undefined) return;
    const wait = lastSent + SUPPORT_TYPING_MIN_INTERVAL_MS + SLACK_MS - now();
    if (wait <= 0) sendOff();
    else pendingOff = setTimeout(sendOff, wait);
  };

  return {
    input: (empty) => {
      if (empty) {
        stop();
        return;
      }
      clearTimeout(pendingOff);
      pendingOff = undefined;
      const since = now() - lastSent;
      // Typing again right after a send: `on` anew as soon as the server takes it, not a repeat's wait.
      if (since >= (shown ? TYPING_REPEAT_MS : SUPPORT_TYPING_MIN_INTERVAL_MS)) mark(true);
      clearTimeout(idle);
      idle = setTimeout(stop, TYPING_IDLE_MS);
    },
    stop,
  };
}
