import {
  consoleCreateReceivingCard,
  consolePaymentRates,
  consolePayMethods,
  consoleReceivingCards,
  consoleSetPaymentRates,
  consoleSetPayMethod,
  consoleSetReceivingCardEnabled,
  consoleUpdateReceivingCard,
  PAY_METHOD_LABELS,
} from '@app/contract/console-payments';
import type { FastifyInstance } from 'fastify';
import {
  createReceivingCard,
  receivingCardRows,
  setReceivingCardEnabled,
  updateReceivingCard,
} from '../../modules/cashier/admin-cards';
import { payMethodList, updatePayMethod } from '../../modules/cashier/admin-methods';
import { paymentRates, setPaymentRates } from '../../modules/cashier/admin-rates';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of @app/contract/console-payments. */
export default async function consolePaymentsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consolePayMethods, async () => ({ data: { items: await payMethodList(app.db) } }));
  consoleEndpoint(app, consoleSetPayMethod, async ({ input, audit }) => {
    const r = await updatePayMethod(app.db, input);
    await audit(r.audit);
    return { data: r.method, message: `已保存${PAY_METHOD_LABELS[r.method.type]}` };
  });

  consoleEndpoint(app, consoleReceivingCards, async () => ({
    data: { items: await receivingCardRows(app.db) },
  }));
  consoleEndpoint(app, consoleCreateReceivingCard, async ({ input, audit }) => {
    const r = await createReceivingCard(app.db, input);
    await audit(r.audit);
    return { data: r.card, message: '已新增收款银行卡' };
  });
  consoleEndpoint(app, consoleUpdateReceivingCard, async ({ input, audit }) => {
    const { id, ...fields } = input;
    const r = await updateReceivingCard(app.db, id, fields);
    await audit(r.audit);
    return { data: r.card, message: '已保存收款银行卡' };
  });
  consoleEndpoint(app, consoleSetReceivingCardEnabled, async ({ input, audit }) => {
    const r = await setReceivingCardEnabled(app.db, input.id, input.enabled);
    await audit(r.audit);
    return { data: r.card, message: input.enabled ? '已启用' : '已停用' };
  });

  consoleEndpoint(app, consolePaymentRates, async () => ({ data: await paymentRates(app.db) }));
  consoleEndpoint(app, consoleSetPaymentRates, async ({ input, audit }) => {
    const r = await setPaymentRates(app.db, input);
    await audit(r.audit);
    return { data: r.rates, message: '已保存汇率与手续费' };
  });
}
