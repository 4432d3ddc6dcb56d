import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../core/config';
import { UsageError } from './format';
import { payChange } from './money';

const PNG = Buffer.from([137, 80, 78, 71]);
const qrFile = () => {
  const file = join(mkdtempSync(join(tmpdir(), 'pay-qr-')), 'qr.png');
  writeFileSync(file, PNG);
  return file;
};
const messageOf = (args: string[]) => {
  try {
    payChange(args);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
};

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

  it('takes each flag with its value after a space or an =', () => {
    const file = qrFile();
    const qr = PNG.toString('base64');
    expect(payChange(['alipay', '--account', 'x'])).toEqual({ type: 'alipay', account: 'x' });
    expect(payChange(['alipay', '--account=乐享 收款'])).toEqual({ type: 'alipay', account: '乐享 收款' });
    // The value is the next argument whatever it is, as it was before parseArgs.
    expect(payChange(['alipay', '--account', '--no-qr'])).toEqual({ type: 'alipay', account: '--no-qr' });
    expect(payChange(['alipay', '--account', '-x'])).toEqual({ type: 'alipay', account: '-x' });
    expect(payChange(['alipay', '--account='])).toEqual({ type: 'alipay', account: '' });
    expect(payChange(['wechat', '--qr', file])).toEqual({ type: 'wechat', qr_image: qr });
    expect(payChange(['wechat', `--qr=${file}`])).toEqual({ type: 'wechat', qr_image: qr });
    expect(payChange(['wechat', '--no-qr'])).toEqual({ type: 'wechat', qr_image: '' });
    // Flags and words in any order; of --qr and --no-qr the last one given wins.
    expect(payChange(['wechat', '--qr', file, '--no-qr'])).toEqual({ type: 'wechat', qr_image: '' });
    expect(payChange(['wechat', '--no-qr', '--qr', file])).toEqual({ type: 'wechat', qr_image: qr });
    expect(payChange(['wechat', '1', '--account', 'a', '2', 'off', '--account', 'b'])).toEqual({
      type: 'wechat',
      min: '1',
      max: '2',
      enabled: false,
      account: 'b',
    });
  });

  it('names the argument it does not know, and the flag that has no value', () => {
    expect(messageOf(['wechat', '--foo'])).toBe('not understood: --foo');
    expect(messageOf(['wechat', '--foo=bar'])).toBe('not understood: --foo=bar');
    expect(messageOf(['wechat', '--foo', 'bar'])).toBe('not understood: --foo');
    expect(messageOf(['wechat', '-x'])).toBe('not understood: -x');
    expect(messageOf(['wechat', '-5'])).toBe('not understood: -5');
    expect(messageOf(['wechat', '--no-qr=x'])).toBe('not understood: --no-qr=x');
    expect(messageOf(['wechat', 'on', '--'])).toBe('not understood: --');
    expect(messageOf(['wechat', 'maybe'])).toBe('not understood: maybe');
    // The method comes first: a flag in its place is the method, and what follows is not understood.
    expect(messageOf(['--account', 'x', 'wechat'])).toBe('not understood: x');
    expect(messageOf(['wechat', '--account'])).toBe(
      '--account needs the account (quote it if it has spaces)',
    );
    for (const args of [
      ['wechat', '--qr'],
      ['wechat', '--qr='],
    ]) {
      expect(messageOf(args)).toBe('--qr needs an image file (PNG, JPG, GIF or WEBP)');
    }
    expect(messageOf(['wechat', '--qr', '--no-qr'])).toBe('cannot read --no-qr');
  });

  it('the command line says so with exit code 2 and the usage, before it looks for a server', async () => {
    const cli = join(SERVER_ROOT, 'src/ops/cli.ts');
    // No token and nothing listening: only a usage error can end these runs.
    const env = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pay-cli-')),
      OPS_URL: 'http://127.0.0.1:9',
    };
    const ops = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'pay:set', ...args], {
        env,
        cwd: SERVER_ROOT,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
    const cases = [
      [['wechat', '--account'], '--account needs the account (quote it if it has spaces)'],
      [['wechat', '--qr'], '--qr needs an image file (PNG, JPG, GIF or WEBP)'],
      [['wechat', '--frobnicate'], 'not understood: --frobnicate'],
      [['wechat', '--no-qr=x'], 'not understood: --no-qr=x'],
    ] as const;
    const runs = await Promise.all(cases.map(([args]) => ops([...args])));
    runs.forEach((run, i) => {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`pay:set: ${cases[i]?.[1]}\nUsage: npm run ops -- pay:set <bank|wechat|`);
    });
  });
});
