import { ChatLine, ChatServerMessage } from '@app/contract/lottery';
import { describe, expect, it } from 'vitest';
import { createChatLog } from './chat-log';

describe('the chat log', () => {
  it('drops the message an operator deleted (history or live), tells its listeners once, ignores unknown ids', () => {
    const log = createChatLog();
    log.append([
      ChatLine.parse({ user_id: 9, author: '玩家九', headurl: '', content: '广告', msgid: 11 }),
      ChatLine.parse({ user_id: 8, author: '玩家八', headurl: '', content: '你好', msgid: '12' }),
    ]);
    log.append([
      ChatServerMessage.parse({ sysmsg: false, id: 7, author: 'a', avatar: '', content: '再发', msgid: 13 }),
    ]);
    let heard = 0;
    log.subscribe(() => (heard += 1));
    log.remove(11);
    log.remove(13);
    expect(log.entries().map((e) => e.content)).toEqual(['你好']);
    expect(heard).toBe(2);
    const before = log.entries();
    log.remove(999);
    expect(log.entries()).toBe(before);
    expect(heard).toBe(2);
  });

  it('never drops a message without an id (a win, an error frame) for a deletion', () => {
    const log = createChatLog();
    log.append([
      ChatServerMessage.parse({ sysmsg: '发言太快', id: 0, author: '系统', avatar: '', content: '发言太快' }),
    ]);
    log.remove(0);
    expect(log.entries()).toHaveLength(1);
    expect(log.entries()[0]?.messageId).toBeNull();
  });

  it('after a reconnection adds the stored lines it missed, in order, once, never older history', () => {
    const line = (msgid: number | null, content: string) =>
      ChatLine.parse({ user_id: 9, author: '玩家九', headurl: '', content, msgid });
    const log = createChatLog();
    log.append([line(20, '在吗'), line(21, '大10')]);
    log.append([
      ChatServerMessage.parse({
        sysmsg: false,
        id: 7,
        author: 'a',
        avatar: '',
        content: '我来了',
        msgid: 24,
      }),
    ]);
    // The re-read history: older than what is held (19), held (20, 21, 24), missed (22, 23), no id.
    const history = [
      line(19, '很早'),
      line(20, '在吗'),
      line(21, '大10'),
      line(23, '小10'),
      line(22, '单10'),
      line(24, '我来了'),
      line(null, '无编号'),
    ];
    expect(log.recover(history)).toBe(2);
    expect(log.entries().map((e) => e.content)).toEqual(['在吗', '大10', '我来了', '单10', '小10']);
    expect(log.recover(history)).toBe(0);
    expect(log.entries()).toHaveLength(5);
  });
});
