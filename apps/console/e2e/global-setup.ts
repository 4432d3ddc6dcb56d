/* Before the console journeys (the server is already up): one operator per role, and a second 财务,
 * each created with the command line and signed in once through the console's API. Their states
 * (session cookies), passwords and TOTP secrets land in E2E_CONSOLE_STATE_DIR (operators.json). */
import { createOperator, OPERATOR_KEYS, saveOperators, type Operator, type OperatorKey } from './operators';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const keys = Object.keys(OPERATOR_KEYS) as OperatorKey[];
  const made = await Promise.all(
    keys.map((k) => createOperator(OPERATOR_KEYS[k].name, OPERATOR_KEYS[k].role)),
  );
  saveOperators(Object.fromEntries(keys.map((k, i) => [k, made[i]])) as Record<OperatorKey, Operator>);
  console.log(`console journeys: ${keys.length} operators signed in (${Date.now() - started} ms)`);
}
