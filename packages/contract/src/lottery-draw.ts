/**
 * Provably fair draws (server-rules 'Lottery', spec §2): the seed, its published hash, the balls
 * derived from it, and the check the verify view runs. The hashing is @noble/hashes (audited, plain
 * JavaScript): the server's draw and the web app's verify view run this same code, and it needs no
 * Node-only module and no crypto.subtle (which browsers withhold on plain http).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { LotteryType } from './enums';
import { BALL_MAX, BALL_MIN } from './lottery';

/** arr[i], 0 when out of range (the index checks below keep it in range). */
function at(arr: ArrayLike<number>, i: number): number {
  return arr[i] ?? 0;
}

/** A seed is 32 bytes written as 64 hex digits. */
export function isSeed(seed: string): boolean {
  return /^[0-9a-f]{64}$/i.test(seed);
}

function seedBytes(seed: string): Uint8Array {
  if (!isSeed(seed)) throw new Error('a seed is 64 hex digits');
  return hexToBytes(seed);
}

/** The hash published when a round opens: sha256 of the 32 seed bytes (not of the hex text), hex. */
export function seedHash(seed: string): string {
  return bytesToHex(sha256(seedBytes(seed)));
}

/**
 * The balls of round `expect` from its 32-byte `seed`. Anyone can re-run it by hand:
 *
 * 1. key = the 32 bytes of the seed (64 hex digits decoded); check that sha256(key), in hex, equals the
 *    hash published when the round opened.
 * 2. A byte stream: block 0 = HMAC-SHA256(key, UTF-8 bytes of `expect`), block c = HMAC-SHA256(key,
 *    UTF-8 bytes of `expect + ':' + c`) for c = 1, 2, … (c in decimal, e.g. '20261122001:1'); the stream
 *    is block 0 ‖ block 1 ‖ block 2 ‖ … and is read from the start, 4 bytes at a time, each 4 bytes
 *    being one unsigned 32-bit big-endian word w.
 * 3. A number in 0…n−1 (rejection sampling, no modulo bias): limit = 2^32 − (2^32 mod n), the largest
 *    multiple of n not above 2^32; read words until one has w < limit (words ≥ limit are discarded);
 *    the number is w mod n.
 * 4. Type 2: three balls, each a number in 0…n−1 with n = 10, in stream order; the total is their sum.
 * 5. Type 1: a pool holds 1, 2, …, 49 in ascending order. Seven times: with m the pool size (49, 48, …,
 *    43), draw j in 0…m−1 as in step 3; the ball is pool[j] (0-based); then pool[j] is replaced by the
 *    pool's last element and the last element removed. The seven balls are distinct, in draw order; the
 *    seventh is the special ball (特码).
 *
 * `opencode` publishes the balls in this order. Example: seed 0011…eeff (00112233445566778899aabbccddeeff
 * twice), hash 4773d12e…dfadfef, expect '20261122001' → type 2: 4 7 5; type 1: 36 12 35 45 38 21 29.
 */
export function deriveBalls(type: LotteryType, seed: string, expect: string): number[] {
  const key = seedBytes(seed);
  let block = hmac(sha256, key, utf8ToBytes(expect));
  let counter = 0;
  let pos = 0;
  const word = (): number => {
    if (pos + 4 > block.length) {
      counter += 1;
      block = hmac(sha256, key, utf8ToBytes(`${expect}:${counter}`));
      pos = 0;
    }
    const w =
      ((at(block, pos) << 24) |
        (at(block, pos + 1) << 16) |
        (at(block, pos + 2) << 8) |
        at(block, pos + 3)) >>>
      0;
    pos += 4;
    return w;
  };
  const uniform = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = word();
      if (w < limit) return w % n;
    }
  };
  if (type === 2) return [uniform(10), uniform(10), uniform(10)];
  const pool = Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => i + BALL_MIN);
  const balls: number[] = [];
  for (let i = 0; i < 7; i++) {
    const j = uniform(pool.length);
    balls.push(at(pool, j));
    pool[j] = at(pool, pool.length - 1);
    pool.pop();
  }
  return balls;
}

/** The verify view: the seed matches the published hash and re-derives the published balls. */
export function verifyDraw(
  type: LotteryType,
  draw: { expect: string; seed: string | null; hash: string | null; numbers: readonly number[] },
): boolean {
  if (!draw.seed || !draw.hash || !isSeed(draw.seed)) return false;
  if (seedHash(draw.seed) !== draw.hash.toLowerCase()) return false;
  const balls = deriveBalls(type, draw.seed, draw.expect);
  return balls.length === draw.numbers.length && balls.every((b, i) => b === draw.numbers[i]);
}
