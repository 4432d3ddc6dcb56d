import { createOperator } from '../../src/identity/operators';
import type { ConsoleSamples } from './types';

let counter = 0;
/** A fresh operator name (3–32 letters, digits, underscores). */
const freshName = () => `sample_op_${process.pid % 10000}_${(counter += 1)}`;

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleDashboard: async () => ({}),
  consoleAudit: async () => ({ page: 1, pageSize: 20, action: 'operator.signIn' }),
  consoleOperators: async () => ({}),
  consoleCreateOperator: async () => ({ name: freshName(), role: 'support' }),
  consoleUpdateOperator: async (t) => {
    const { operator } = await createOperator(t.db, freshName(), 'support');
    return { id: operator.id, role: 'content' };
  },
  consoleResetOperator: async (t) => {
    const { operator } = await createOperator(t.db, freshName(), 'finance');
    return { id: operator.id };
  },
};
