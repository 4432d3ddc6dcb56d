/* The form checks of 支付设置, the contract's rules and messages (the server checks them again). */
import { USDT_ADDRESS_PATTERNS, MSG_USDT_ADDRESS_FORMAT } from '@app/contract/cashier';
import {
  feeCents,
  MSG_FEE,
  MSG_RATE,
  rateUnits,
  usdtProtocolOf,
  type PayMethodType,
} from '@app/contract/console-payments';
import { MSG_PAY_RANGE, MSG_PAY_RANGE_MAX, readPayRange } from '@app/contract/ops-money';
import { YUAN_PATTERN } from '@app/contract/ops-fields';
import type { Rule } from 'antd/es/form';

const ok = () => Promise.resolve();
const fail = (message: string) => Promise.reject(new Error(message));

/** A bound of the range: yuan with two decimals at most. */
export const yuanRule: Rule = {
  validator: (_r, v: string | undefined) => (v && YUAN_PATTERN.test(v.trim()) ? ok() : fail(MSG_PAY_RANGE)),
};

/** The range as a whole (on the 最大 field): 0 < min ≤ max ≤ the largest amount. */
export const rangeRule =
  (min: () => string | undefined): Rule =>
  () => ({
    validator: (_r, max: string | undefined) => {
      const read = readPayRange(min()?.trim(), max?.trim());
      return typeof read === 'string' ? fail(read === MSG_PAY_RANGE_MAX ? read : MSG_PAY_RANGE) : ok();
    },
  });

/** A USDT method's address: the member side's format of its protocol. */
export const usdtAddressRule = (type: PayMethodType): Rule => ({
  validator: (_r, v: string | undefined) => {
    const protocol = usdtProtocolOf(type);
    const text = (v ?? '').trim();
    return !protocol || text === '' || USDT_ADDRESS_PATTERNS[protocol].test(text)
      ? ok()
      : fail(MSG_USDT_ADDRESS_FORMAT);
  },
});

export const rateRule: Rule = {
  validator: (_r, v: string | undefined) => (rateUnits(v ?? '') === null ? fail(MSG_RATE) : ok()),
};

export const feeRule: Rule = {
  validator: (_r, v: string | undefined) => (feeCents(v ?? '') === null ? fail(MSG_FEE) : ok()),
};
