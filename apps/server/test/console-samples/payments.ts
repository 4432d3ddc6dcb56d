import { receivingCards } from '../../src/db/schema/money';
import type { TestApp } from '../helpers';
import { uniqueCardNo } from './money';
import type { ConsoleSamples } from './types';

/** A fresh enabled receiving card (its number nobody else has); its id. */
export async function newReceivingCard(t: TestApp): Promise<number> {
  const [row] = await t.db
    .insert(receivingCards)
    .values({ bankName: '招商银行', bankNo: uniqueCardNo(), owner: '测试收款公司', address: '深圳支行' })
    .returning({ id: receivingCards.id });
  if (!row) throw new Error('no receiving card');
  return row.id;
}

const cardFields = () => ({
  bank_name: '中国银行',
  bank_no: uniqueCardNo(),
  owner: '测试收款公司',
  address: '广州支行',
});

/** The seeded rates and fees (a sample sets them again, so other tests see the seed). */
export const SEED_RATES = {
  usdtrate: '7.20',
  withdrawusdtrate: '7.30',
  fee_erc20: '5.00',
  fee_trc20: '1.00',
};

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consolePayMethods: async () => ({}),
  consoleSetPayMethod: async () => ({ type: 'alipay', enabled: true }),
  consoleReceivingCards: async () => ({}),
  consoleCreateReceivingCard: async () => cardFields(),
  consoleUpdateReceivingCard: async (t) => ({ id: await newReceivingCard(t), ...cardFields() }),
  consoleSetReceivingCardEnabled: async (t) => ({ id: await newReceivingCard(t), enabled: false }),
  consolePaymentRates: async () => ({}),
  consoleSetPaymentRates: async () => SEED_RATES,
};
