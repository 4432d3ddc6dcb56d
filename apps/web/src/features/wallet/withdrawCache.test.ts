import { afterEach, describe, expect, it } from 'vitest';
import {
  clearWithdrawCache,
  readWithdrawCache,
  WITHDRAW_CACHE_KEY,
  WITHDRAW_CACHE_TTL_MS,
  withdrawKey,
  type WithdrawIntent,
} from './withdrawCache';

afterEach(() => clearWithdrawCache());

const intent: WithdrawIntent = { userId: 7, withdrawType: 'bank', amount: '200', cardId: 3, account: '' };
const context = { userBalance: 100_000, page: '/withdrawal' };

describe('the local withdraw cache (spec §3)', () => {
  it('holds amount, time, requestId, userId, withdrawType, withdrawTypeName, submitTime, userBalance, page', () => {
    const key = withdrawKey(intent, context, 1_000_000);
    const stored = JSON.parse(window.localStorage.getItem(WITHDRAW_CACHE_KEY) ?? 'null') as object;
    expect(stored).toMatchObject({
      amount: '200',
      time: 1_000_000,
      requestId: key,
      userId: 7,
      withdrawType: 'bank',
      withdrawTypeName: '银行卡',
      submitTime: 1_000_000,
      userBalance: 100_000,
      page: '/withdrawal',
    });
  });

  it('a retry of the same intent keeps its key and first time, and records the new submission', () => {
    const key = withdrawKey(intent, context, 1_000_000);
    const again = withdrawKey(intent, { userBalance: 100_000, page: '/withdrawAccount' }, 1_030_000);
    expect(again).toBe(key);
    expect(readWithdrawCache()).toMatchObject({
      requestId: key,
      time: 1_000_000,
      submitTime: 1_030_000,
      page: '/withdrawAccount',
    });
  });

  it('another intent, or the same one after the TTL, gets a new key', () => {
    const key = withdrawKey(intent, context, 1_000_000);
    expect(withdrawKey({ ...intent, amount: '300' }, context, 1_001_000)).not.toBe(key);
    const third = withdrawKey(intent, context, 2_000_000);
    expect(withdrawKey(intent, context, 2_000_000 + WITHDRAW_CACHE_TTL_MS)).not.toBe(third);
  });

  it('clearing ends the intent: the next submission gets a new key', () => {
    const key = withdrawKey(intent, context, 1_000_000);
    clearWithdrawCache();
    expect(readWithdrawCache()).toBeNull();
    expect(withdrawKey(intent, context, 1_000_001)).not.toBe(key);
  });
});
