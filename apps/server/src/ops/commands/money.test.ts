import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from './format';
import { payChange } from './money';

describe('pay:set arguments', () => {
  it('range, switch, account and QR image in any combination', () => {
    expect(payChange(['wechat', '100', '5000'])).toEqual({ type: 'wechat', min: '100', max: '5000' });
    expect(payChange(['wechat', 'off'])).toEqual({ type: 'wechat', enabled: false });
    expect(payChange(['alipay', '--account', '乐享 收款', '--no-qr'])).toEqual({
      type: 'alipay',
      account: '乐享 收款',
      qr_image: '',
    });
    const file = join(mkdtempSync(join(tmpdir(), 'pay-qr-')), 'qr.png');
    writeFileSync(file, Buffer.from([137, 80, 78, 71]));
    expect(payChange(['wechat', '10', '20', 'on', '--qr', file])).toEqual({
      type: 'wechat',
      min: '10',
      max: '20',
      enabled: true,
      qr_image: Buffer.from([137, 80, 78, 71]).toString('base64'),
    });
  });

  it('explains what it cannot use', () => {
    for (const args of [
      [],
      ['wechat'],
      ['wechat', '100'],
      ['wechat', 'maybe'],
      ['wechat', '--account'],
      ['wechat', '--qr'],
      ['wechat', '--qr', '/no/such/file.png'],
    ]) {
      expect(() => payChange(args), args.join(' ')).toThrow(UsageError);
    }
    const big = join(mkdtempSync(join(tmpdir(), 'pay-qr-')), 'big.png');
    writeFileSync(big, Buffer.alloc(41 * 1024));
    expect(() => payChange(['wechat', '--qr', big])).toThrow(/over 40 KB/);
  });
});
