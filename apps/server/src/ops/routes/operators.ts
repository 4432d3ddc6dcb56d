import { opsCreateOperator, opsResetOperator } from '@app/contract/ops-site';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../core/errors';
import { createOperator, findOperatorByName, resetOperator } from '../../console/operators';
import { opsEndpoint } from '../respond';

/** Console operators from the command line: the first one, and a reset for a lost phone or password. */
export default async function operatorOps(app: FastifyInstance) {
  opsEndpoint(app, opsCreateOperator, async ({ input }) => {
    const { operator, password } = await createOperator(app.db, input.name, input.role);
    return { data: { id: operator.id, name: operator.name, role: operator.role, password } };
  });

  opsEndpoint(app, opsResetOperator, async ({ input }) => {
    const operator = await findOperatorByName(app.db, input.name);
    if (!operator) throw new BusinessError('操作员不存在', 404);
    const { password } = await resetOperator(app.db, operator.id);
    return { data: { id: operator.id, name: operator.name, role: operator.role, password } };
  });
}
