import { DEVICE_ID_PATTERN } from '@app/contract/auth-forms';

const STORAGE_KEY = 'device_id';

/** 32 random hex digits (getRandomValues works on plain http pages too, unlike crypto.subtle). */
function freshId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The device id sent with sign-in and registration: random, kept in this browser's storage, nothing
 * read from the device (no fingerprint). Storage that throws (private mode) gives a new id each time.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const id = freshId();
    localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    return freshId();
  }
}
