import { describe, expect, it } from 'vitest';
import { conversation, mineRow } from '../screens/support-fixtures';
import { mergeConversation } from './merge';
import { DESK_RETRY_MAX_MS, retryDelay } from './useDeskSocket';

const msg = (id: number) => ({
  id,
  sender: 'member' as const,
  kind: 'text' as const,
  body: `第${id}条`,
  image: null,
  operator: null,
  created_at: '2026-11-29 10:00:00',
});
const page = (ids: number[], more: boolean) => ({ ...conversation(mineRow()), messages: ids.map(msg), more });
const ids = (c: { messages: { id: number }[] }) => c.messages.map((m) => m.id);

describe('a conversation read again over what is held', () => {
  it('keeps older and pushed messages, each once, and what lies before the oldest held', () => {
    const held = page([10, 20, 30, 40], false);
    const merged = mergeConversation(held, page([30, 40, 50], true));
    expect(ids(merged)).toEqual([10, 20, 30, 40, 50]);
    expect(merged.more).toBe(false);
  });

  it('starts again from the fresh page when it does not reach what is held (a gap could lie between)', () => {
    const merged = mergeConversation(page([10, 20], false), page([60, 70], true));
    expect(ids(merged)).toEqual([60, 70]);
    expect(merged.more).toBe(true);
  });

  it('takes another conversation as it is', () => {
    const other = { ...page([5], false), conversation: mineRow({ id: 99 }) };
    expect(mergeConversation(page([1, 2], false), other)).toBe(other);
  });
});

describe('the reconnect delay', () => {
  it('doubles from 1 s up to 30 s, between half and all of it', () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1_000);
    expect(retryDelay(3, () => 0.5)).toBe(6_000);
    expect(retryDelay(20, () => 1)).toBe(DESK_RETRY_MAX_MS);
    expect(retryDelay(20, () => 0)).toBe(DESK_RETRY_MAX_MS / 2);
  });
});
