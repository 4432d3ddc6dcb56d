import { defineCall } from '@app/contract/define';
import { expect } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/shared/api/client';

/* What the api client's tests call: a money call of their own, and the ApiError a call fails with. */

export const moneyCall = defineCall({
  name: 'transfer',
  method: 'POST',
  path: '/api/transfer',
  request: z.object({ amount: z.number() }),
  response: z.unknown(),
  money: true,
});

/** The ApiError `promise` rejects with (the test fails if it resolves or rejects with anything else). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
