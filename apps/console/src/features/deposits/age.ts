import { DEPOSIT_WINDOW_MINUTES } from '@app/contract/cashier';

/** Epoch ms of a wire time "Y-m-d H:i:s" (Beijing). */
export function beijingMs(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}+08:00`);
}

/** How long a deposit has waited, e.g. "12分钟", "1小时5分钟", and whether it is past the window. */
export function depositAge(createdAt: string, nowMs: number): { text: string; overdue: boolean } {
  const minutes = Math.max(0, Math.floor((nowMs - beijingMs(createdAt)) / 60_000));
  const text =
    minutes < 60
      ? `${minutes}分钟`
      : `${Math.floor(minutes / 60)}小时${minutes % 60 ? `${minutes % 60}分钟` : ''}`;
  return { text, overdue: minutes >= DEPOSIT_WINDOW_MINUTES };
}
