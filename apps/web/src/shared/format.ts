import { formatCents, formatDateTime } from '@app/contract/codecs';

/** Cents → "1234.50" (two places, as the API family shows money); '--' while unknown. */
export function formatMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '--' : formatCents(cents);
}

/** Epoch ms → `Y-m-d H:i:s` in Beijing time; '' when missing. */
export function formatDate(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? '' : formatDateTime(epochMs);
}

/** Epoch ms → `Y-m-d` in Beijing time. */
export function formatDay(epochMs: number | null | undefined): string {
  return formatDate(epochMs).slice(0, 10);
}
