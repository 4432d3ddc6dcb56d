import { useEffect, useRef, useState } from 'react';
import { beep, useSoundSetting } from '@/shared/sound';

/** Whether the operator has clicked or typed on the page (browsers allow sound only after that). */
export function useInteracted(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const done = () => setInteracted(true);
    window.addEventListener('pointerdown', done, { once: true });
    window.addEventListener('keydown', done, { once: true });
    return () => {
      window.removeEventListener('pointerdown', done);
      window.removeEventListener('keydown', done);
    };
  }, [interacted]);
  return interacted;
}

/** The tab's title carries the unread count while the workbench is open: (3) 客服工作台. */
function useUnreadTitle(unread: number | undefined) {
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    if (unread === undefined) return;
    document.title = unread > 0 ? `(${unread}) 客服工作台` : '客服工作台';
  }, [unread]);
}

type Counts = { waiting: number; unread: number };

/**
 * One beep per arrival, from the queue's counts only: a new member grows both counts in one read
 * (one beep, not one per count), and the socket's queue frames never carry counts, they only cause a
 * read, so a frame and a read telling the same arrival are one growth. Never on the first read, nor
 * when the counts stay or shrink (taken, read).
 */
function useArrivalBeep(counts: Counts | undefined, enabled: boolean) {
  const last = useRef<Counts | null>(null);
  const waiting = counts?.waiting;
  const unread = counts?.unread;
  useEffect(() => {
    if (waiting === undefined || unread === undefined) return;
    const held = last.current;
    last.current = { waiting, unread };
    if (enabled && held && (waiting > held.waiting || unread > held.unread)) beep();
  }, [waiting, unread, enabled]);
}

/**
 * The desk's alerts: the title's unread count, and a beep when a new conversation waits or a new
 * member message arrives (its counts grow between two reads of the queue), once the operator has
 * interacted with the page and while 声音提醒 is on.
 */
export function useDeskAlerts(counts: Counts | undefined) {
  const [sound, setSound] = useSoundSetting();
  const interacted = useInteracted();
  useArrivalBeep(counts, sound && interacted);
  useUnreadTitle(counts?.unread);
  return { sound, setSound };
}
