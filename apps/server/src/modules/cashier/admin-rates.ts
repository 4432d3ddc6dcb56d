/* 汇率与手续费 in the console: the USDT rates (deposits, withdrawals) and the USDT withdrawal fees of
 * site_settings. Deposits keep the USDT amount and withdrawals the fee and USDT computed when placed. */
import { formatCents, formatDateTime } from '@app/contract/codecs';
import { MSG_RATE_ORDER, rateUnits, type PaymentRates } from '@app/contract/console-payments';
import { eq } from 'drizzle-orm';
import { now } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import type { AuditEntry } from '../../db/audit';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/site';

type Row = typeof siteSettings.$inferSelect;

export interface RatesInput {
  usdtrate: string;
  withdrawusdtrate: string;
  feeErc20Cents: number;
  feeTrc20Cents: number;
}

/** numeric(12,4) as the database answers it ("7.2000", or "7.2" on some drivers) → "7.2000". */
const rateText = (value: string) => {
  const [whole = '0', frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(4, '0').slice(0, 4)}`;
};

const toWire = (s: Row): PaymentRates => ({
  usdtrate: rateText(s.usdtrate),
  withdrawusdtrate: rateText(s.withdrawusdtrate),
  fee_erc20: formatCents(s.withdrawcashfeeCents),
  fee_trc20: formatCents(s.withdrawfeeusdttrcCents),
  updated_at: formatDateTime(s.updatedAt.getTime()),
});

async function settingsRow(db: Db, lock: boolean): Promise<Row> {
  const q = db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new Error('site settings missing: the seed has not run');
  return row;
}

export async function paymentRates(db: Db): Promise<PaymentRates> {
  return toWire(await settingsRow(db, false));
}

/**
 * Sets both rates and both fees on the locked settings row; a member's order reads them in one
 * statement, so it sees all of the old values or all of the new ones.
 */
export async function setPaymentRates(db: Db, input: RatesInput) {
  const row = await settingsRow(db, true);
  // Re-checked here (the contract did too): the pair as it is stored.
  if ((rateUnits(input.withdrawusdtrate) ?? 0) < (rateUnits(input.usdtrate) ?? 0)) {
    throw new BusinessError(MSG_RATE_ORDER);
  }
  const [updated] = await db
    .update(siteSettings)
    .set({
      usdtrate: input.usdtrate,
      withdrawusdtrate: input.withdrawusdtrate,
      withdrawcashfeeCents: BigInt(input.feeErc20Cents),
      withdrawfeeusdttrcCents: BigInt(input.feeTrc20Cents),
      updatedAt: new Date(now()),
    })
    .where(eq(siteSettings.id, 1))
    .returning();
  const before = toWire(row);
  const after = toWire(updated ?? row);
  const { updated_at: _b, ...beforeValues } = before;
  const { updated_at: _a, ...afterValues } = after;
  const audit: AuditEntry = {
    action: 'paymentRates.update',
    targetType: 'paymentRates',
    targetId: 'site',
    before: beforeValues,
    after: afterValues,
  };
  return { rates: after, audit };
}
