/*
 * The room's two short sounds, made with Web Audio (no asset to load): a rising chime for a win and a
 * soft tick for a new message from someone else. 静音模式 plays neither (the caller asks first). A
 * browser lets audio start only after the member has touched the page; before that, or without Web
 * Audio, a sound is simply not played.
 */

export type RoomSound = 'win' | 'chat';

/** [frequency Hz, start s, length s] of each note. */
const NOTES: Record<RoomSound, [number, number, number][]> = {
  win: [
    [660, 0, 0.12],
    [880, 0.12, 0.12],
    [1320, 0.24, 0.25],
  ],
  chat: [[880, 0, 0.07]],
};
const VOLUME: Record<RoomSound, number> = { win: 0.18, chat: 0.08 };
/** A busy room ticks at most this often. */
export const CHAT_SOUND_GAP_MS = 1500;

type AudioWindow = { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };

let context: AudioContext | null = null;
let lastChatAt = -Infinity;

function audio(): AudioContext | null {
  if (context) return context;
  const w = (typeof window === 'undefined' ? {} : window) as AudioWindow;
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Plays one sound; returns whether it was started. */
export function playSound(sound: RoomSound, at = performance.now()): boolean {
  if (sound === 'chat') {
    if (at - lastChatAt < CHAT_SOUND_GAP_MS) return false;
    lastChatAt = at;
  }
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  try {
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const t0 = ctx.currentTime;
    for (const [freq, start, length] of NOTES[sound]) {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const g = ctx.createGain();
      g.gain.setValueAtTime(0, t0 + start);
      g.gain.linearRampToValueAtTime(VOLUME[sound], t0 + start + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(g).connect(gain);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}
