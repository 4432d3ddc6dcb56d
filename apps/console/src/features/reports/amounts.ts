/* Sums of wire amounts ("1234.50", "-50.00") in whole cents, never floating point. */

export function toCents(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return 0n;
  const cents = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export const sumAmounts = (amounts: string[]) => fromCents(amounts.reduce((s, a) => s + toCents(a), 0n));

/** A chart's number for an amount (yuan; charts only, never summed). */
export const chartYuan = (amount: string) => Number(amount);
