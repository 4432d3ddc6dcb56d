import { useEffect, useState } from 'react';
import { useSoundSetting } from '@/shared/sound';
import { useNewArrivals } from '@/shared/useNewArrivals';

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

/**
 * The desk's alerts: the title's unread count, and a beep when a new conversation waits or a new
 * member message arrives (its counts grow between two polls), once the operator has interacted with
 * the page and while 声音提醒 is on.
 */
export function useDeskAlerts(counts: { waiting: number; unread: number } | undefined) {
  const [sound, setSound] = useSoundSetting();
  const interacted = useInteracted();
  const enabled = sound && interacted;
  useNewArrivals(counts?.waiting, enabled);
  useNewArrivals(counts?.unread, enabled);
  useUnreadTitle(counts?.unread);
  return { sound, setSound };
}
