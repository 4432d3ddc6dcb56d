import { describe, expect, it } from 'vitest';
import { activityTerms, type ActivityRule } from './activity-terms';
import { FULL_WEIGHTS } from './turnover';

const rule = (r: Partial<ActivityRule>): ActivityRule => ({
  basis: 'first_deposit',
  percentBp: 3800,
  capCents: 88_800n,
  minCents: 10_000n,
  payType: '',
  turnoverMultiple: 15,
  turnoverBasis: 'deposit_bonus',
  weights: { ...FULL_WEIGHTS, lottery: 50 },
  ...r,
});

describe('activityTerms: the rule in the member’s words', () => {
  it('a first-deposit bonus: percent, cap, minimum, turnover on deposit + bonus, shares, limits', () => {
    expect(activityTerms(rule({}))).toEqual([
      { label: '彩金', value: '首笔存款的 38%' },
      { label: '最高', value: '888.00 元' },
      { label: '最低存款', value: '100.00 元' },
      { label: '流水要求', value: '（存款 + 彩金）× 15 倍有效投注' },
      { label: '流水计入', value: '彩票按 50% 计入，真人、体育、电竞、棋牌、电子按 100% 计入' },
      {
        label: '须知',
        value:
          '每位会员限领取一次；同一手机号、银行卡、USDT 地址或真实姓名限领一次；每笔存款限参与一个优惠；存款后已提款则不能再申请',
      },
    ]);
  });

  it('a USDT bonus on the bonus alone, a relief, a manual bonus, and none for a job-paid activity', () => {
    const usdt = activityTerms(
      rule({
        basis: 'latest_deposit',
        percentBp: 250,
        payType: 'usdt',
        turnoverBasis: 'bonus',
        weights: FULL_WEIGHTS,
      }),
    );
    expect(usdt[0]).toEqual({ label: '彩金', value: '最近一笔 USDT 存款的 2.5%' });
    expect(usdt.find((r) => r.label === '流水要求')?.value).toBe('彩金 × 15 倍有效投注');
    expect(usdt.find((r) => r.label === '流水计入')?.value).toBe('全部游戏按 100% 计入');
    const relief = activityTerms(
      rule({ basis: 'net_loss', percentBp: 200, minCents: 50_000n, turnoverMultiple: 20 }),
    );
    expect(relief.map((r) => r.label)).toEqual([
      '救援金',
      '最高',
      '最低亏损',
      '流水要求',
      '流水计入',
      '须知',
    ]);
    expect(relief[0]?.value).toBe('上周末（北京时间周六、周日）投注净亏损的 2%');
    expect(relief.at(-1)?.value).toBe('每个周末限领取一次');
    expect(activityTerms(rule({ basis: 'manual' })).map((r) => r.label)).toEqual([
      '彩金',
      '最高',
      '流水要求',
      '流水计入',
      '须知',
    ]);
    expect(activityTerms(rule({ basis: 'none' }))).toEqual([]);
  });
});
