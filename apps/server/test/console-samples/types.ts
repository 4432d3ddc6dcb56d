import type { TestApp } from '../helpers';

/** Builds a valid request of one console call (creating what it needs: a member, a deposit…). */
export type ConsoleSample = (t: TestApp) => Promise<Record<string, unknown>>;
export type ConsoleSamples = Record<string, ConsoleSample>;
