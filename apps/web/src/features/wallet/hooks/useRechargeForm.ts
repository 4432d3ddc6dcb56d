import { type DepositRequest } from '@app/contract/cashier';
import { type PayRangeType, type UsdtProtocol } from '@app/contract/enums';
import { MSG_WITHDRAW_SUBMITTED } from '@app/contract/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@app/mobile/router';
import type * as z from 'zod/mini';
import { errorMessage } from '@/shared/api/client';
import { useIntentKey } from '@/shared/api/intent';
import { showToast } from '@/shared/ui/toast';
import { useDeposit, walletQueries } from '../api';
import { validateDeposit } from '../rules';
import { useDepositVoucher } from './useDepositVoucher';

export type DepositMethod = 'bank' | 'usdt' | 'wechat' | 'alipay' | 'manual';

/** The depositor's bank details of a bank or manual deposit. */
export interface DepositorBank {
  name: string;
  bankType: string;
  cardNo: string;
  branch: string;
}

export const EMPTY_BANK: DepositorBank = { name: '', bankType: '', cardNo: '', branch: '' };

/** The range type of getPayRange for a method (USDT per protocol). */
export function rangeType(method: DepositMethod, protocol: UsdtProtocol): PayRangeType {
  if (method === 'usdt') return protocol === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20';
  if (method === 'wechat' || method === 'alipay') return method;
  return 'bank';
}

/** The methods the site enables, in this order, then manual deposit (always there). */
export function depositMethods(
  ways: Record<'bank' | 'usdt' | 'wechat' | 'alipay', boolean>,
): DepositMethod[] {
  return [...(['bank', 'usdt', 'wechat', 'alipay'] as const).filter((m) => ways[m]), 'manual'];
}

/**
 * Bank deposits are reviewed against the depositor's bank details. A manual deposit (人工存款) is no
 * form: customer service arranges it (it read as a copy of 银行卡转账: walk-through 2026-11-27).
 */
export const withBank = (method: DepositMethod) => method === 'bank';
export const isManual = (method: DepositMethod) => method === 'manual';

/** The request of a checked form. */
export function depositBody(
  method: DepositMethod,
  protocol: UsdtProtocol,
  amount: string,
  bank: DepositorBank,
  voucher: string | null = null,
): z.input<typeof DepositRequest> {
  const text = amount.trim();
  if (withBank(method)) {
    return {
      paytype: 'bank',
      amount: text,
      bank_owner: bank.name,
      bank: bank.bankType,
      bank_no: bank.cardNo,
      bank_address: bank.branch,
      ...(voucher ? { voucher } : {}),
    };
  }
  if (method === 'usdt') return { paytype: 'usdt', amount: text, catepay: protocol };
  return { paytype: method === 'wechat' ? 'wxpay' : 'alipay', amount: text };
}

/** The picked USDT protocol while the operator has it on, else the first one that is on. */
function currentProtocol(on: readonly UsdtProtocol[], picked: UsdtProtocol): UsdtProtocol {
  return on.includes(picked) ? picked : (on[0] ?? picked);
}

/**
 * The 存款 form: the enabled methods (the first until one is picked), the USDT protocol, the amount
 * and the depositor's bank, the range of the method; submit checks the range's messages in order, then
 * sends a bank deposit for review (/transRecord) or an online one to its payment page (/payInfo).
 */
export function useRechargeForm() {
  const navigate = useNavigate();
  const ways = useQuery(walletQueries.payWays());
  const [picked, setMethod] = useState<DepositMethod | null>(null);
  const [pickedProtocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState(EMPTY_BANK);
  const deposit = useDeposit();
  const intent = useIntentKey();
  const voucher = useDepositVoucher();

  const methods = ways.data ? depositMethods(ways.data) : [];
  const method = picked && methods.includes(picked) ? picked : (methods[0] ?? 'manual');
  const protocols = ways.data?.usdtProtocols ?? [];
  const protocol = currentProtocol(protocols, pickedProtocol);
  const range = useQuery({ ...walletQueries.payRange(rangeType(method, protocol)), enabled: !!ways.data });

  const submit = () => {
    if (!range.data) {
      showToast(range.isError ? errorMessage(range.error) : '加载中，请稍候', 'fail');
      return;
    }
    const bankDeposit = withBank(method);
    const message = validateDeposit({ amount, range: range.data, bank: bankDeposit ? bank : undefined });
    if (message) {
      showToast(message, 'fail');
      return;
    }
    if (bankDeposit && voucher.uploading) {
      showToast('凭证上传中，请稍候', 'fail');
      return;
    }
    const body = depositBody(method, protocol, amount, bank, bankDeposit ? voucher.path : null);
    deposit.mutate(
      { body, intentKey: intent.keyFor(body) },
      {
        onSuccess: ({ data, message: text }) => {
          intent.done();
          if (bankDeposit) {
            showToast(MSG_WITHDRAW_SUBMITTED, 'success');
            setAmount('');
            setBank(EMPTY_BANK);
            voucher.remove();
            void navigate('/transRecord');
            return;
          }
          const no = data.depositNo ?? text;
          void navigate(`/payInfo?deposit_no=${encodeURIComponent(no)}`);
        },
        onError: (e) => {
          intent.failed(e);
          showToast(errorMessage(e), 'fail');
        },
      },
    );
  };

  return {
    ways,
    methods,
    method,
    /** Another method starts with an empty amount. */
    switchMethod: (m: DepositMethod) => {
      setMethod(m);
      setAmount('');
    },
    protocol,
    protocols,
    setProtocol,
    amount,
    setAmount,
    bank,
    setBankField: (name: keyof DepositorBank) => (e: { target: { value: string } }) =>
      setBank((b) => ({ ...b, [name]: e.target.value })),
    range,
    voucher,
    submit,
    pending: deposit.isPending,
  };
}

export type RechargeForm = ReturnType<typeof useRechargeForm>;
