import type { SupportConversationRow } from '@app/contract/console-support';

/** "等待 3 分钟" (under a minute: 等待 45 秒; past an hour: 等待 1 小时 5 分钟). */
export function waitingLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `等待 ${s} 秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `等待 ${m} 分钟`;
  return `等待 ${Math.floor(m / 60)} 小时 ${m % 60} 分钟`;
}

export const STATE_LABELS: Record<SupportConversationRow['state'], string> = {
  waiting: '等待中',
  open: '接待中',
  closed: '已结束',
};

/** Who wrote: a member, or a visitor (访客) by the nickname it gave. */
export const whoLabel = (c: Pick<SupportConversationRow, 'kind' | 'name'>) =>
  c.kind === 'visitor' ? `${c.name}（访客）` : c.name;
