import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency';

/* What the idempotency table keeps of a request must not give a payment password away: six digits are a
 * million sha256 away from anyone who read the table. */

const none = new Map();
const withdrawal = { type: 'bank', amount: '200', bank: 3 };

describe('requestHash', () => {
  it('leaves the passwords out: the same intent with another password is the same request', () => {
    const a = requestHash('POST', '/api/withdraw', { ...withdrawal, password: '123456' }, none);
    const b = requestHash('POST', '/api/withdraw', { ...withdrawal, password: '654321' }, none);
    expect(a).toBe(b);
    expect(a).toBe(requestHash('POST', '/api/withdraw', withdrawal, none));
    const card = { bank: '中国银行', bank_no: '6222020200004321' };
    expect(requestHash('POST', '/api/bindcard', { ...card, pay_pass: '111111' }, none)).toBe(
      requestHash('POST', '/api/bindcard', { ...card, pay_pass: '222222', PayPassword: 'x' }, none),
    );
  });

  it('is not the hash of the body with the password in it, and still tells other requests apart', () => {
    const body = { ...withdrawal, password: '123456' };
    const naive = createHash('sha256')
      .update(JSON.stringify(['POST', '/api/withdraw', body, []]))
      .digest('hex');
    expect(requestHash('POST', '/api/withdraw', body, none)).not.toBe(naive);
    expect(requestHash('POST', '/api/withdraw', { ...body, amount: '300' }, none)).not.toBe(
      requestHash('POST', '/api/withdraw', body, none),
    );
    expect(requestHash('POST', '/api/transfer', body, none)).not.toBe(
      requestHash('POST', '/api/withdraw', body, none),
    );
  });
});
