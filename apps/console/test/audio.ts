import { vi } from 'vitest';

/** Counts oscillators started: each is one beep of shared/sound.ts. */
export const started = vi.fn();

/** A Web Audio context that plays nothing (stub it as AudioContext): its beeps land in `started`. */
export class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: () => undefined },
      connect: () => undefined,
      start: started,
      stop: () => undefined,
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => undefined,
    };
  }
}
