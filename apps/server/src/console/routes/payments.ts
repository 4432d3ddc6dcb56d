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
import { isReviewTicket, reviewSubmittedMessage } from '@app/contract/console-approvals';
import { receivingCardRows, setReceivingCardEnabled } from '../../modules/cashier/admin-cards';
import { payMethodList } from '../../modules/cashier/admin-methods';
import {
  requestCardCreate,
  requestCardUpdate,
  requestPayMethodChange,
} from '../../modules/cashier/admin-receiving';
import { paymentRates, setPaymentRates } from '../../modules/cashier/admin-rates';
import { consoleEndpoint } from '../../http/console-endpoint';

/** Console routes of @app/contract/console-payments. */
export default async function consolePaymentsRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consolePayMethods, async () => ({ data: { items: await payMethodList(app.db) } }));
  consoleEndpoint(app, consoleSetPayMethod, async ({ input, actor, audit }) => {
    const r = await requestPayMethodChange(app.db, actor, input, audit);
    if (isReviewTicket(r)) return { data: r, message: reviewSubmittedMessage('payment.method') };
    return { data: r, message: `已保存${PAY_METHOD_LABELS[r.type]}` };
  });

  consoleEndpoint(app, consoleReceivingCards, async () => ({
    data: { items: await receivingCardRows(app.db) },
  }));
  consoleEndpoint(app, consoleCreateReceivingCard, async ({ input, actor, audit }) => ({
    data: await requestCardCreate(app.db, actor, input, audit),
    message: reviewSubmittedMessage('payment.cardCreate'),
  }));
  consoleEndpoint(app, consoleUpdateReceivingCard, async ({ input, actor, audit }) => {
    const { id, ...fields } = input;
    return {
      data: await requestCardUpdate(app.db, actor, id, fields, audit),
      message: reviewSubmittedMessage('payment.cardUpdate'),
    };
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
