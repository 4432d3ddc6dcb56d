import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from '@app/mobile/router';

/**
 * The phone's back button closes a sheet instead of leaving the screen under it: opening the sheet
 * adds a history entry for the same address; back from it closes the sheet; closing the sheet
 * otherwise (its own buttons) takes that entry away again. For screens that do not scroll (a new
 * entry scrolls the page to the top, see Shell).
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  /** 'pushing' until the sheet's entry is current, then that entry's key; null: no entry of ours. */
  const entry = useRef<'pushing' | string | null>(null);
  const closeNow = useEffectEvent(close);

  useEffect(() => {
    if (open && entry.current === null) {
      entry.current = 'pushing';
      void navigate(`${pathname}${search}`);
    } else if (!open && entry.current !== null && entry.current !== 'pushing' && entry.current === key) {
      entry.current = null;
      void navigate(-1); // closed by its own buttons: the entry it added goes too
    }
  }, [open, navigate, pathname, search, key]);

  useEffect(() => {
    if (entry.current === 'pushing') {
      entry.current = key;
      return;
    }
    if (entry.current !== null && entry.current !== key) {
      entry.current = null; // back (or forward) left the sheet's entry
      closeNow();
    }
  }, [key]);
}
