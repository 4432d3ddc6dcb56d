import { useEffect, useRef } from 'react';
import { beep } from './sound';

/**
 * Beeps when `marker` grows between two reads of a queue: a queue's newest pending id (or its count of
 * pending items). Never on the first read, nor when it stays or shrinks (an item reviewed). `enabled`:
 * the 声音提醒 switch and whether the operator's role works the queue; `marker` undefined: not read yet.
 */
export function useNewArrivals(marker: number | undefined, enabled: boolean): void {
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (marker === undefined) return;
    if (enabled && last.current !== null && marker > last.current) beep();
    last.current = marker;
  }, [marker, enabled]);
}
