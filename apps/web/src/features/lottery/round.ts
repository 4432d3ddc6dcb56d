import { roundState, type RoundState } from '@app/contract/lottery-rules';
import { useEffect, useState } from 'react';
import { roundDeadline, secondsLeft, shouldReload, TICK_MS } from './rules';

/** The time, updated once per `everyMs` (spec §9: the lottery clock ticks each second). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface RoundClock {
  /** Seconds to the draw of the open round (negative once it is over). */
  left: number;
  state: RoundState;
}

/**
 * Spec §4 on a 1 s tick. `timeout` (seconds) counts from `loadedAt`, the moment the room was loaded
 * (or the round ends at `endedAt`, when the socket said so first); once it is below 0 the room is
 * loaded again (`reload`), at most every 2 s, until the next round comes.
 */
export function useRoundClock(room: {
  timeout: number;
  closeSeconds: number;
  loadedAt: number;
  /** When the room heard that this round is over (socket), if it did. */
  endedAt: number | null;
  /** When the last load (or failed load) ended: the reload waits a little after it. */
  lastTriedAt: number;
  loading: boolean;
  reload: () => void;
}): RoundClock {
  // Not before the load: right after a reload the last tick is older than the reply.
  const now = Math.max(useNow(TICK_MS), room.loadedAt);
  const left = secondsLeft(roundDeadline(room.loadedAt, room.timeout, room.endedAt), now);
  const state = roundState(left, room.closeSeconds);
  const { reload, loading, lastTriedAt } = room;
  useEffect(() => {
    if (!loading && shouldReload(state, lastTriedAt, now)) reload();
  }, [state, now, loading, lastTriedAt, reload]);
  return { left, state };
}
