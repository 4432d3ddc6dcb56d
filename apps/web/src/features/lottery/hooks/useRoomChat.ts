import type { ChatMessage, Room } from '@app/contract/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBaseUrl } from '@/shared/api/client';
import { useSession, useSwitches } from '@/shared/session/store';
import { showToast } from '@/shared/ui/toast';
import { lotteryQueries, refreshBalance } from '../api';
import { createChatLog } from '../chat-log';
import { chatSocketUrl, messageEffects, roundNews } from '../rules';
import { playSound } from '../sound';
import { useChatSocket } from '../socket';

/**
 * The room's chat: its log (the room's history, then the socket's messages), and what a message means
 * for the round (its end, or a reload) and for the member's balance.
 */
export function useRoomChat(room: Room, roomId: number, onRoundOver: () => void) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const myId = useSession((s) => s.user?.id ?? null);
  const [log] = useState(() => {
    const created = createChatLog();
    created.append(room.chat);
    return created;
  });
  // The room read again (a reload, or fresh data after a cached first paint): the lines it missed.
  useEffect(() => void log.recover(room.chat), [log, room.chat]);

  const switches = useSwitches();
  const onMessage = (message: ChatMessage) => {
    const effects = messageEffects(message, myId, switches);
    if (effects.append) log.append([message]);
    if (message.toast) showToast(message.toast);
    if (effects.prompt) showToast(effects.prompt, 'success');
    if (effects.sound) playSound(effects.sound);
    // Settled: the win is in the balance now (the draw's reload may have come before settlement).
    if (message.kind === 'win' && message.userId === myId) void refreshBalance(qc);
    const news = roundNews(message.kind, message.expect, room.now.openExpect);
    if (news === 'end') onRoundOver(); // 开奖中 now; the round clock loads the next round a second later
    if (news === 'reload') void qc.invalidateQueries({ queryKey: lotteryQueries.room(roomId).queryKey });
    // After a draw (settlement), or an order of the member's (a text command took the stake).
    const mine = message.kind === 'order' && myId !== null && message.userId === myId;
    if (news !== null || mine) void refreshBalance(qc);
  };
  const url = token ? chatSocketUrl(apiBaseUrl(), roomId, token) : null;
  // Back after a drop: read the room again (round, balance) and add the lines said meanwhile.
  const onReconnected = () => {
    const room = lotteryQueries.room(roomId);
    void qc.fetchQuery({ ...room, staleTime: 0 }).then(
      (fresh) => log.recover(fresh.chat),
      () => undefined,
    );
    void refreshBalance(qc);
  };
  // An operator deleted a message: it leaves every member's screen at once.
  const socket = useChatSocket(
    url,
    onMessage,
    (reason) => showToast(reason, 'fail'),
    log.remove,
    onReconnected,
  );
  return { log, myId, socket, showTime: switches.showMessageTime };
}
