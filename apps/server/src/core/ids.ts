import { randomBytes, randomInt } from 'node:crypto';
import { BEIJING_OFFSET_MS } from '@app/contract/codecs';
import { now } from './clock';

/**
 * A deposit or withdrawal number as members see it: the kind's letter, the Beijing time to the second
 * and six random digits (`D20261125103015042311`). Unique by the table's unique index, not by luck.
 */
export function newOrderNo(prefix: 'D' | 'W'): string {
  const d = new Date(now() + BEIJING_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** A file name the server makes for an upload: 128 random bits in hex and the proved type's extension. */
export function newFileName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}
