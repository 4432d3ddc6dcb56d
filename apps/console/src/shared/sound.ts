import { useCallback, useState } from 'react';

/* A short beep when something new waits for review: a Web Audio oscillator, no sound file. Browsers
 * only let a page play sound after the user has clicked or typed on it. */

const STORAGE_KEY = 'console.dashboard.sound';

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor = window.AudioContext as typeof AudioContext | undefined;
  if (!Ctor) return null;
  try {
    audio ??= new Ctor();
  } catch {
    return null;
  }
  return audio;
}

/** Plays a 0.3 s beep (silently nothing when the browser does not allow it yet). */
export function beep(): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(880, start);
  gain.gain.setValueAtTime(0.2, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start(start);
  osc.stop(start + 0.3);
}

function readSetting(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The 声音提醒 switch, remembered in this browser (on unless turned off). */
export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readSetting);
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Private mode: remembered for this page only.
    }
    // Turning it on is a click: the browser now allows sound, and the operator hears what it is.
    if (next) beep();
  }, []);
  return [on, change];
}
