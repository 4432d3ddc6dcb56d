import { formatCents, formatDateTime } from '@app/contract/codecs';
import { now } from '../../core/clock';
import type { RoomBus, RoomMessage } from '../../http/realtime/room-bus';

/**
 * 中奖提示: once a member's lines of a round are settled, the member hears what they won, in each room
 * they bet in. It goes through the room bus, so it reaches the member's socket on any process; the
 * chat socket passes a 'win' message to its addressee only, and it is not kept in the room's history.
 * Published after the settlement commits: a crash in between loses the prompt, never the money.
 */
export interface Win {
  roomId: number;
  userId: number;
  expect: string;
  payoutCents: bigint;
}

/** A member's winnings on one round, summed by the room each line was placed in. */
export class WinsByRoom {
  private readonly byRoom = new Map<number, bigint>();

  constructor(
    private readonly userId: number,
    private readonly expect: string,
  ) {}

  add(roomId: number, payoutCents: bigint): void {
    if (payoutCents <= 0n) return;
    this.byRoom.set(roomId, (this.byRoom.get(roomId) ?? 0n) + payoutCents);
  }

  list(): Win[] {
    return [...this.byRoom].map(([roomId, payoutCents]) => ({
      roomId,
      userId: this.userId,
      expect: this.expect,
      payoutCents,
    }));
  }
}

/** The 'win' message: to `id` only (chat routes filter it), `payout` in yuan ('12.34'). */
export function winMessage(win: Win): RoomMessage {
  const payout = formatCents(win.payoutCents);
  return {
    sysmsg: false,
    id: win.userId,
    author: '',
    avatar: '',
    content: `第${win.expect}期 中奖 ${payout}元`,
    type: 'win',
    expect: win.expect,
    payout,
    time: formatDateTime(now()),
  };
}

export async function publishWins(bus: RoomBus, wins: readonly Win[]): Promise<void> {
  for (const w of wins) await bus.publish(w.roomId, winMessage(w));
}
