import type { TestApp } from '../helpers';

/** Builds a valid request of one console call (creating what it needs: a member, a deposit…). */
/** `caller`: the operator the request is for (a sample that must be the caller's own, e.g. a withdrawal of its change). */
export type ConsoleSample = (
  t: TestApp,
  caller: { id: number; name: string },
) => Promise<Record<string, unknown>>;
export type ConsoleSamples = Record<string, ConsoleSample>;
