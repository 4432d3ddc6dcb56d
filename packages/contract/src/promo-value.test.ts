/**
 * What a promotion is worth to a member who clears it on the cheapest play (promo-value.ts), against
 * the figures of the hostile review of 2026-11-27: each leak it measured is positive here, and the
 * fixes are not.
 */
import { describe, expect, it } from 'vitest';
import { bandValue, bonusValue, categoryCosts, valueProblem, type BonusTerms } from './promo-value';
import { FULL_WEIGHTS } from './turnover';

/** No rebates: each category costs its house edge (lottery 2 %, the demo venues 4 %). */
const BARE = categoryCosts({});
/** The seeded VIP10 rates: lottery 0.80 %, 真人/体育/电竞 1.30 %, 棋牌/电子 1.40 %. */
const VIP10 = categoryCosts({
  lottery: 80,
  realperson: 130,
  sport: 130,
  e_sport: 130,
  joker: 140,
  electron: 140,
});

const rule = (r: Partial<BonusTerms>): BonusTerms => ({
  basis: 'first_deposit',
  percentBp: 3800,
  turnoverMultiple: 10,
  turnoverBasis: 'bonus',
  weights: FULL_WEIGHTS,
  ...r,
});

describe('bonusValue', () => {
  it('the old 38 % × 10 of the bonus: 380 paid against 76 of turnover cost per 1,000, refused', () => {
    const v = bonusValue(rule({}), BARE);
    expect(v).toEqual({ single: 304, pair: 304, per: '存款', positive: true });
    expect(valueProblem('活动「新会员首存送 38%」', v)).toContain('单人 +304.00 元 / 每 1,000 元存款');
  });

  it('neutral exactly when the turnover costs what it pays (50 × the bonus at 2 %)', () => {
    expect(bonusValue(rule({ turnoverMultiple: 50 }), BARE)).toMatchObject({ single: 0, positive: false });
    expect(bonusValue(rule({ turnoverMultiple: 49 }), BARE)?.positive).toBe(true);
  });

  it('rebates stack on the bets that clear it; weights make the cheap plays count less', () => {
    // The seeded rule: 15 × (deposit + bonus), lottery at 50 %: lottery costs 1.2 % / 0.5 = 2.4 % per unit.
    const seeded = rule({
      turnoverMultiple: 15,
      turnoverBasis: 'deposit_bonus',
      weights: { ...FULL_WEIGHTS, lottery: 50 },
    });
    expect(bonusValue(seeded, VIP10)).toMatchObject({ single: -116.8, positive: false });
    // The same rule counting lottery in full is cleared at 1.2 %: still below 0, by less.
    expect(bonusValue({ ...seeded, weights: FULL_WEIGHTS }, VIP10)).toMatchObject({
      single: 131.6,
      positive: true,
    });
  });

  it('USDT 2 %: the old 5 × the bonus leaks once rebates are counted; 2 × (deposit + bonus) does not', () => {
    const old = rule({ basis: 'latest_deposit', percentBp: 200, turnoverMultiple: 5 });
    expect(bonusValue(old, VIP10)?.positive).toBe(true);
    const fixed = rule({
      basis: 'latest_deposit',
      percentBp: 200,
      turnoverMultiple: 2,
      turnoverBasis: 'deposit_bonus',
    });
    expect(bonusValue(fixed, VIP10)).toMatchObject({ single: -4.48, positive: false });
  });

  it('relief: the old 5 % × 3 pays a pair on opposite sides +7 per 1,000 lost; one member betting long shots +27', () => {
    const old = rule({ basis: 'net_loss', percentBp: 500, turnoverMultiple: 3 });
    expect(bonusValue(old, BARE)).toEqual({ single: 27, pair: 7, per: '投注', positive: true });
    const seeded = rule({
      basis: 'net_loss',
      percentBp: 200,
      turnoverMultiple: 20,
      weights: { ...FULL_WEIGHTS, lottery: 50 },
    });
    expect(bonusValue(seeded, VIP10)).toEqual({ single: -1.6, pair: -13.6, per: '投注', positive: false });
  });

  it('a manual bonus is worth 1 − cost × multiple per unit; none is paid by its own job', () => {
    expect(bonusValue(rule({ basis: 'manual', turnoverMultiple: 3 }), BARE)).toMatchObject({
      single: 940,
      positive: true,
    });
    expect(bonusValue(rule({ basis: 'manual', turnoverMultiple: 50 }), BARE)).toMatchObject({
      single: 0,
      positive: false,
    });
    expect(bonusValue(rule({ basis: 'none' }), BARE)).toBeNull();
  });

  it('a rule nothing counts toward could never be withdrawn: worth nothing', () => {
    const none = { ...FULL_WEIGHTS, realperson: 0, sport: 0, e_sport: 0, joker: 0, electron: 0, lottery: 0 };
    expect(bonusValue(rule({ weights: none }), BARE)?.positive).toBe(false);
  });
});

describe('bandValue', () => {
  it('the old band 100–999.99 × 1 up to 8.88: 4.94 paid against 2.10 of turnover, +28.4 per 1,000', () => {
    expect(bandValue({ minDepositCents: 10_000, claims: 1, maxAmountCents: 888 }, BARE)).toEqual({
      single: 28.41,
      pair: 28.41,
      per: '存款',
      positive: true,
    });
  });

  it('the seeded bands are below 0 even at VIP10 rebates', () => {
    const seeded = [
      { minDepositCents: 50_000, claims: 1, maxAmountCents: 888 },
      { minDepositCents: 200_000, claims: 2, maxAmountCents: 1_888 },
      { minDepositCents: 1_000_000, claims: 3, maxAmountCents: 5_888 },
    ];
    expect(seeded.map((b) => bandValue(b, VIP10).single)).toEqual([-2.24, -2.18, -3.13]);
  });
});
