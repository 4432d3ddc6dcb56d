/* The member page's lists name lotteries, venues and categories in Chinese: a lottery bet reads
 * "加拿大28 第N期" in the ledger, the valid bets and the lottery orders; never a code or an id. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from '../../../test/console-helpers';
import { dataOf } from '../../../test/helpers';
import { gamePlatforms } from '../../db/schema/games';
import { lotteries, lotteryOrders, lotteryRooms, lotteryRounds } from '../../db/schema/lottery';
import { credit } from '../wallet/ledger';
import { lotteryRoundReference, recordValidBet } from '../wallet/turnover';
import { categoryLabel, describeReferences, nameBook } from './references';

const suite = consoleSuite('support');

type Page<T> = { total: number; items: T[] };
const list = async <T>(path: string, id: number) =>
  dataOf<Page<T>>(await suite.operator.get(`/api/members/${path}`, { id: String(id), pageSize: '50' }));

/** A drawn round of 加拿大28 numbered `expect`, with one room. */
async function jnd28Round(expect: string) {
  const [room] = await suite.t.db
    .select({ id: lotteryRooms.id, lotteryId: lotteryRooms.lotteryId })
    .from(lotteryRooms)
    .innerJoin(lotteries, eq(lotteries.id, lotteryRooms.lotteryId))
    .where(eq(lotteries.code, 'jnd28'))
    .limit(1);
  if (!room) throw new Error('no jnd28 room');
  const at = new Date(Date.now() - 60_000);
  const [round] = await suite.t.db
    .insert(lotteryRounds)
    .values({
      lotteryId: room.lotteryId,
      expect,
      seed: 's',
      hash: 'h',
      opensAt: at,
      closesAt: at,
      drawsAt: at,
    })
    .returning({ id: lotteryRounds.id });
  if (!round) throw new Error('no round');
  return { room, round, at };
}

describe('lottery bets, venues and categories in Chinese', () => {
  it('the ledger, the valid bets and the lottery orders read "加拿大28 第N期"', async () => {
    const m = await suite.t.newMember();
    const { room, round, at } = await jnd28Round('9800001');
    await credit(suite.t.db, m.id, 100n, 'lottery_win', 'lottery_win:jnd28:9800001:1-2');
    await credit(suite.t.db, m.id, 100n, 'adjustment', 'lottery:jnd28:9800001:b7');
    const [venue] = await suite.t.db
      .select({ code: gamePlatforms.platformName, name: gamePlatforms.name })
      .from(gamePlatforms)
      .where(eq(gamePlatforms.gameCode, ''))
      .limit(1);
    if (!venue) throw new Error('no venue');
    await credit(suite.t.db, m.id, 100n, 'transfer', venue.code);
    await recordValidBet(suite.t.db, m.id, {
      platform: 'jnd28',
      category: 'lottery',
      stakeCents: 500n,
      validCents: 500n,
      reference: lotteryRoundReference(round.id),
    });
    await recordValidBet(suite.t.db, m.id, {
      platform: venue.code,
      category: 'realbet',
      stakeCents: 300n,
      validCents: 300n,
    });
    await suite.t.db.insert(lotteryOrders).values({
      batch: 'b7',
      userId: m.id,
      roomId: room.id,
      roundId: round.id,
      playId: 201,
      playTitle: '大',
      stakeCents: 1_000n,
      oddsHundredths: 200,
      state: 'won',
      payoutCents: 2_000n,
      createdAt: at,
    });

    const ledger = await list<{ reference: string; wallet: string }>('ledger', m.id);
    const refs = ledger.items.map((r) => r.reference);
    expect(refs.filter((r) => r === '加拿大28 第9800001期')).toHaveLength(2);
    expect(refs).toContain(venue.name);
    expect(refs.join(' ')).not.toMatch(/jnd28|lottery/);

    const bets = await list<{ venue: string; category: string }>('valid-bets', m.id);
    expect(bets.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ venue: '加拿大28 第9800001期', category: '彩票' }),
        expect.objectContaining({ venue: venue.name, category: '真人' }),
      ]),
    );

    const orders = await list<{ lottery: string; round: string; play: string }>('lottery-orders', m.id);
    expect(orders.items[0]).toMatchObject({ lottery: '加拿大28', round: '9800001', play: '大' });
  });

  it('describes old win references by order, game sessions by venue, rebates in words', async () => {
    const m = await suite.t.newMember();
    const { room, round, at } = await jnd28Round('9800002');
    const [order] = await suite.t.db
      .insert(lotteryOrders)
      .values({
        batch: 'b8',
        userId: m.id,
        roomId: room.id,
        roundId: round.id,
        playId: 201,
        playTitle: '大',
        stakeCents: 100n,
        oddsHundredths: 200,
        state: 'open',
        payoutCents: 0n,
        createdAt: at,
      })
      .returning({ id: lotteryOrders.id });
    const book = await nameBook(suite.t.db);
    const described = await describeReferences(suite.t.db, book, [
      `lottery_order:${order?.id}`,
      lotteryRoundReference(round.id),
      'rebate:3',
      'D20261127000001',
      'lottery_round:999999999',
    ]);
    expect([...described.values()]).toEqual([
      '加拿大28 第9800002期',
      '加拿大28 第9800002期',
      '返水 3 笔',
      'D20261127000001',
      'lottery_round:999999999',
    ]);
    expect(book.venues.get('central')).toBe('中心钱包');
    expect(
      ['realbet', 'realperson', 'concise', 'electron', 'gaming', 'lottery', 'nonsense'].map(categoryLabel),
    ).toEqual(['真人', '真人', '电子', '电子', '电竞', '彩票', '其他']);
  });
});
