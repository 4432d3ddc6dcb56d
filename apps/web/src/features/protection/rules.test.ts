import { describe, expect, it } from 'vitest';
import { breakQuestion, limitAmountProblem, nextCheckIn, realityText, REALITY_CHOICES } from './rules';

describe('责任博彩 rules', () => {
  it('takes amounts above 0 with at most two decimals', () => {
    for (const ok of ['1', '500', '12.5', '0.01', ' 30 ']) expect(limitAmountProblem(ok), ok).toBeNull();
    for (const bad of ['', '0', '0.00', '-5', 'abc', '1.234', '1e3']) {
      expect(limitAmountProblem(bad), bad).toBe('请输入有效的限额金额');
    }
  });

  it('checks reality every period counted from the session’s start', () => {
    const min = 60_000;
    expect(nextCheckIn(0, 0, 30 * min)).toBe(30 * min);
    expect(nextCheckIn(0, 10 * min, 30 * min)).toBe(20 * min);
    expect(nextCheckIn(0, 30 * min, 30 * min)).toBe(30 * min);
    expect(nextCheckIn(0, 95 * min, 30 * min)).toBe(25 * min);
    // A clock a little behind the server's start: a whole period from now.
    expect(nextCheckIn(5 * min, 0, 30 * min)).toBe(30 * min);
  });

  it('says the session’s time, stakes, winnings and signed net result', () => {
    const s = { started_at: 0, stakes: 12_000, winnings: 8_000, net: -4_000 };
    expect(realityText(s, 45 * 60_000 + 59_000)).toBe(
      '您本次已登录 45 分钟，投注 120.00 元，派彩 80.00 元，净输赢 -40.00 元。',
    );
    expect(realityText({ ...s, net: 2_500 }, 60_000)).toContain('净输赢 +25.00 元');
    expect(REALITY_CHOICES.map((c) => c.label)).toEqual([
      '关闭',
      '10分钟',
      '15分钟',
      '20分钟',
      '30分钟',
      '45分钟',
      '60分钟',
    ]);
  });

  it('asks before a break in words', () => {
    expect(breakQuestion('timeout', '24小时')).toBe(
      '确定暂停游戏24小时吗？立即生效并退出登录，期间不能提前取消。',
    );
    expect(breakQuestion('exclusion', '永久')).toBe(
      '确定永久自我排除吗？立即生效并退出登录，期间不能提前取消。',
    );
  });
});
