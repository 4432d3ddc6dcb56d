import { CHAT_MUTE_FOREVER_YEAR } from '@app/contract/console-chat';

/** "永久禁言" for a permanent mute, else "禁言至 <time>" (minutes). */
export function muteLabel(until: string): string {
  return Number(until.slice(0, 4)) >= CHAT_MUTE_FOREVER_YEAR ? '永久禁言' : `禁言至 ${until.slice(0, 16)}`;
}
