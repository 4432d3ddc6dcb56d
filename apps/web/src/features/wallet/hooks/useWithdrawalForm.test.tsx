import type { Card } from '@app/contract/cashier';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearWithdrawCache } from '../withdrawCache';
import {
  useWithdrawFields,
  withCards,
  withdrawInput,
  withdrawKeyAgain,
  type WithdrawFields,
} from './useWithdrawalForm';

const CARD = { id: 7, protocol: 'TRC20' } as Card;
const FILLED: WithdrawFields = {
  kind: 'usdt',
  card: CARD,
  amount: ' 150 ',
  password: '123456',
  alipayAccount: ' pay@example.com ',
  alipayName: '张三',
  wechatQrcode: null,
};

afterEach(() => clearWithdrawCache());

describe('withdrawInput', () => {
  it('sends USDT and bank card withdrawals as JSON to the chosen card, the amount trimmed', () => {
    for (const kind of ['usdt', 'bank'] as const) {
      clearWithdrawCache();
      const input = withdrawInput({ ...FILLED, kind }, 3);
      expect(input.form).toBe('json');
      expect(input.body).toEqual({ type: kind, amount: '150', bank: 7, password: '123456' });
      expect(withCards(kind)).toBe(true);
    }
  });

  it('sends alipay as multipart with the account and name as typed', () => {
    const input = withdrawInput({ ...FILLED, kind: 'alipay', card: null }, 3);
    expect(input).toMatchObject({
      form: 'multipart',
      body: {
        type: 'alipay',
        amount: '150',
        password: '123456',
        alipay_account: ' pay@example.com ',
        alipay_name: '张三',
      },
    });
    expect(withCards('alipay')).toBe(false);
  });

  it('sends wechat as multipart with the QR code file', () => {
    const file = new File(['x'], 'qr.png', { type: 'image/png' });
    const input = withdrawInput({ ...FILLED, kind: 'wechat', card: null, wechatQrcode: file }, 3);
    expect(input).toMatchObject({
      form: 'multipart',
      body: { type: 'wechat', amount: '150', password: '123456' },
    });
    expect('wechat_qrcode' in input.body && input.body.wechat_qrcode).toBe(file);
  });

  it('keys the intent: the same form again is the same key, the resubmission after phone binding too', () => {
    // Alipay has no card: a new tab clears it (useWithdrawFields).
    for (const fields of [FILLED, { ...FILLED, kind: 'alipay' as const, card: null }]) {
      clearWithdrawCache();
      const first = withdrawInput(fields, 3);
      expect(withdrawInput(fields, 3).intentKey).toBe(first.intentKey);
      expect(withdrawKeyAgain(first, 3)).toBe(first.intentKey);
      expect(withdrawInput({ ...fields, amount: '151' }, 3).intentKey).not.toBe(first.intentKey);
    }
  });
});

describe('useWithdrawFields', () => {
  const filled = () => {
    const hook = renderHook(() => useWithdrawFields());
    act(() => {
      hook.result.current.selectCard(CARD);
      hook.result.current.setAmount('100');
      hook.result.current.setPassword('123456');
      hook.result.current.setAlipayAccount('a');
      hook.result.current.setAlipayName('n');
    });
    return hook;
  };

  it('starts on USDT, empty', () => {
    const { result } = renderHook(() => useWithdrawFields());
    expect(result.current.values).toEqual({
      kind: 'usdt',
      card: null,
      amount: '',
      password: '',
      alipayAccount: '',
      alipayName: '',
      wechatQrcode: null,
    });
  });

  it('a tap on the current tab keeps everything; another tab clears card, amount and password only', () => {
    const { result } = filled();
    act(() => result.current.switchTab('usdt'));
    expect(result.current.values).toMatchObject({ card: CARD, amount: '100', password: '123456' });
    act(() => result.current.switchTab('alipay'));
    expect(result.current.values).toMatchObject({
      kind: 'alipay',
      card: null,
      amount: '',
      password: '',
      alipayAccount: 'a',
      alipayName: 'n',
    });
  });

  it('another card clears amount and password; clear empties all but the tab', () => {
    const { result } = filled();
    act(() => result.current.setAmount('100'));
    act(() => result.current.selectCard({ ...CARD, id: 8 }));
    expect(result.current.values).toMatchObject({ card: { id: 8 }, amount: '', password: '' });
    act(() => result.current.switchTab('bank'));
    act(() => result.current.clear());
    expect(result.current.values).toEqual({
      kind: 'bank',
      card: null,
      amount: '',
      password: '',
      alipayAccount: '',
      alipayName: '',
      wechatQrcode: null,
    });
  });
});
