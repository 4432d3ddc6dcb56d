/// <reference types="node" />
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { deriveBalls, seedHash, verifyDraw } from './lottery-draw';

const hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/** The derivation of the doc comment, written again on node:crypto: the server's way. */
function nodeDerive(type: 1 | 2, seed: string, expect: string): number[] {
  const key = Buffer.from(seed, 'hex');
  let stream = Buffer.alloc(0);
  let counter = 0;
  let pos = 0;
  const uniform = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      if (pos + 4 > stream.length) {
        const msg = counter === 0 ? expect : `${expect}:${counter}`;
        stream = Buffer.concat([stream, createHmac('sha256', key).update(msg, 'utf8').digest()]);
        counter++;
      }
      const w = stream.readUInt32BE(pos);
      pos += 4;
      if (w < limit) return w % n;
    }
  };
  if (type === 2) return [uniform(10), uniform(10), uniform(10)];
  const pool = Array.from({ length: 49 }, (_, i) => i + 1);
  const out: number[] = [];
  for (let i = 0; i < 7; i++) {
    const j = uniform(pool.length);
    out.push(pool[j] ?? 0);
    pool[j] = pool[pool.length - 1] ?? 0;
    pool.pop();
  }
  return out;
}

describe('SHA-256 and HMAC-SHA256 (@noble/hashes, as the draws use them)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('sha256(%j)', (text, digest) => expect(hex(text)).toBe(digest));

  it('sha256 of one million "a" (NIST)', () =>
    expect(hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    ));

  it.each([
    [
      'RFC 4231 case 1',
      '0b'.repeat(20),
      bytesToHex(utf8ToBytes('Hi There')),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      'RFC 4231 case 2',
      bytesToHex(utf8ToBytes('Jefe')),
      bytesToHex(utf8ToBytes('what do ya want for nothing?')),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      'RFC 4231 case 3',
      'aa'.repeat(20),
      'dd'.repeat(50),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      'RFC 4231 case 4',
      '0102030405060708090a0b0c0d0e0f10111213141516171819',
      'cd'.repeat(50),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      'RFC 4231 case 6 (131-byte key)',
      'aa'.repeat(131),
      bytesToHex(utf8ToBytes('Test Using Larger Than Block-Size Key - Hash Key First')),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      'RFC 4231 case 7 (131-byte key and data)',
      'aa'.repeat(131),
      bytesToHex(
        utf8ToBytes(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('%s', (_name, key, msg, mac) =>
    expect(bytesToHex(hmac(sha256, hexToBytes(key), hexToBytes(msg)))).toBe(mac),
  );

  it('RFC 4231 case 5: the first 128 bits of the MAC', () => {
    const mac = hmac(sha256, hexToBytes('0c'.repeat(20)), utf8ToBytes('Test With Truncation'));
    expect(bytesToHex(mac.subarray(0, 16))).toBe('a3b6167473100ee06e0c796c2955552b');
  });

  it('equals node:crypto for random inputs of every length around the block size', () => {
    for (let len = 0; len < 200; len++) {
      const data = randomBytes(len);
      const key = randomBytes((len * 7) % 150);
      expect(bytesToHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      expect(bytesToHex(hmac(sha256, key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('UTF-8 like node', () => {
    const text = 'expect 期号 😀 é';
    expect(bytesToHex(utf8ToBytes(text))).toBe(Buffer.from(text, 'utf8').toString('hex'));
  });
});

describe('provably fair draws', () => {
  it('seedHash is sha256 of the seed bytes', () => {
    expect(seedHash(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    expect(seedHash(SEED.toUpperCase())).toBe(seedHash(SEED));
    expect(() => seedHash('abc')).toThrow();
  });

  it('a fixed vector (also re-derived by hand with Python hmac/hashlib)', () => {
    expect(seedHash(SEED)).toBe('4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef');
    expect(deriveBalls(2, SEED, '20261122001')).toEqual([4, 7, 5]);
    expect(deriveBalls(1, SEED, '20261122001')).toEqual([36, 12, 35, 45, 38, 21, 29]);
  });

  it('the documented derivation re-run on node:crypto gives the same balls', () => {
    for (let i = 0; i < 300; i++) {
      const seed = randomBytes(32).toString('hex');
      const expectNo = `20261122${String(i).padStart(3, '0')}`;
      expect(deriveBalls(1, seed, expectNo)).toEqual(nodeDerive(1, seed, expectNo));
      expect(deriveBalls(2, seed, expectNo)).toEqual(nodeDerive(2, seed, expectNo));
    }
  });

  it('re-deriving a batch of draws gives identical balls', () => {
    const seeds = Array.from({ length: 50 }, () => randomBytes(32).toString('hex'));
    const first = seeds.map((s, i) => [deriveBalls(1, s, `e${i}`), deriveBalls(2, s, `e${i}`)]);
    const again = seeds.map((s, i) => [deriveBalls(1, s, `e${i}`), deriveBalls(2, s, `e${i}`)]);
    expect(again).toEqual(first);
  });

  // 10 000 derivations each: seconds on a machine loaded by the other test projects.
  it('type 1: seven distinct numbers 1–49 over 10 000 seeds', { timeout: 30_000 }, () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const balls = deriveBalls(1, randomBytes(32).toString('hex'), String(i));
      expect(balls).toHaveLength(7);
      expect(new Set(balls).size).toBe(7);
      for (const b of balls) {
        expect(Number.isInteger(b) && b >= 1 && b <= 49).toBe(true);
        seen.add(b);
      }
    }
    expect(seen.size).toBe(49);
  });

  it('type 2: three balls 0–9, each digit within ±10% over 30 000 balls', { timeout: 30_000 }, () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const balls = deriveBalls(2, randomBytes(32).toString('hex'), String(i));
      expect(balls).toHaveLength(3);
      for (const b of balls) counts[b] = (counts[b] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 3000)).toBeLessThan(300);
  });

  it('verifyDraw checks hash and balls', () => {
    const numbers = deriveBalls(1, SEED, '2026112');
    const draw = { expect: '2026112', seed: SEED, hash: seedHash(SEED), numbers };
    expect(verifyDraw(1, draw)).toBe(true);
    expect(verifyDraw(1, { ...draw, numbers: [...numbers.slice(0, 6), numbers[6] === 1 ? 2 : 1] })).toBe(
      false,
    );
    expect(verifyDraw(1, { ...draw, hash: 'f'.repeat(64) })).toBe(false);
    expect(verifyDraw(1, { ...draw, seed: null })).toBe(false);
  });
});
