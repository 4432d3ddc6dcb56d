import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MSG_NETWORK, MSG_SERVER, MSG_TIMEOUT } from './client';
import { endsIntent, useIntentKey } from './intent';

const refusal = new ApiError('余额不足', 400, 'business');
const open = [
  new ApiError('请求处理中，请稍后再试', 409, 'busy'),
  new ApiError(MSG_NETWORK, 0, 'network'),
  new ApiError(MSG_TIMEOUT, 0, 'timeout'),
  new ApiError(MSG_SERVER, 500, 'server'),
  new ApiError('数据格式错误', 200, 'format'),
];

describe('one Idempotency-Key per user intent', () => {
  it('only a refusal ends an intent; busy, no answer, a timeout, a 5xx or an unreadable reply do not', () => {
    expect(endsIntent(refusal)).toBe(true);
    expect(open.map(endsIntent)).toEqual(open.map(() => false));
    expect(endsIntent(new Error('x'))).toBe(false);
  });

  it('every retry of an open intent sends the same key, never a new one', () => {
    const { result } = renderHook(() => useIntentKey());
    const body = { amount: '100', sourcetype: 'userbalance', targettype: 'AG' };
    const first = result.current.keyFor(body);
    for (const error of open) {
      act(() => result.current.failed(error));
      expect(result.current.keyFor({ ...body })).toBe(first);
    }
  });

  it('a new key after a success, a refusal, or when the member asks for something else', () => {
    const { result } = renderHook(() => useIntentKey());
    const a = result.current.keyFor('transall');
    act(() => result.current.done());
    const b = result.current.keyFor('transall');
    expect(b).not.toBe(a);
    act(() => result.current.failed(refusal));
    const c = result.current.keyFor('transall');
    expect(c).not.toBe(b);
    expect(result.current.keyFor('douserredpacket')).not.toBe(c);
  });
});
