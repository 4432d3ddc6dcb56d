import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id with OWASP's recommended cost (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, for names that do not exist (no probing by timing). */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Letters and digits without look-alikes (0/O/o, 1/l/I/i). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random one-time password of `length` characters an operator reads out or types: unbiased
 * (randomInt), with at least one letter and one digit (what members' password rules ask for).
 */
export function oneTimePassword(length: number): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < length; i++) p += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/\d/.test(p) && /[a-zA-Z]/.test(p)) return p;
  }
}
