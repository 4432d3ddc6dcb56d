import type { ConsoleSamples } from './types';

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleReportSummary: async () => ({ from: '2030-01-01', to: '2030-01-07' }),
  consoleReportDaily: async () => ({ from: '2030-01-01', to: '2030-01-07' }),
  consoleReportOperators: async () => ({ from: '2030-01-01', to: '2030-01-07' }),
  consoleReportActivities: async () => ({ from: '2030-01-01', to: '2030-01-07' }),
};
