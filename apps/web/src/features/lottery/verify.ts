/* The 验证 view's check, in its own module so that the hashing library loads with that view only. */
import { deriveBalls, isSeed, seedHash, verifyDraw } from '@app/contract/lottery-draw';
import type { LotteryType } from '@app/contract/enums';
import type { Draw } from '@app/contract/lottery-result';

export type VerifyReport =
  | { available: false }
  | {
      available: true;
      /** sha256 of the revealed seed, computed here. */
      computedHash: string;
      hashMatches: boolean;
      /** The balls derived here from the seed and the round number. */
      derived: number[];
      ballsMatch: boolean;
      ok: boolean;
    };

/** Re-runs the draw in the browser: the seed's hash against the published one, and the balls. */
export function verifyReport(type: LotteryType, draw: Draw): VerifyReport {
  if (!draw.seed || !draw.hash || !isSeed(draw.seed)) return { available: false };
  const computedHash = seedHash(draw.seed);
  const derived = deriveBalls(type, draw.seed, draw.expect);
  const ballsMatch = derived.length === draw.numbers.length && derived.every((b, i) => b === draw.numbers[i]);
  return {
    available: true,
    computedHash,
    hashMatches: computedHash === draw.hash,
    derived,
    ballsMatch,
    ok: verifyDraw(type, draw),
  };
}
