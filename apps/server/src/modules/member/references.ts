/* What the console shows for a ledger reference, a bet's platform and a game category: never a code or
 * an id. A lottery bet reads "加拿大28 第20261127001期" (its lottery's title and round), a venue its
 * Chinese name, a category its label. What names nothing known stays as it is (order numbers, reasons). */
import { GAME_CATEGORY_LABELS, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gamePlatforms, gameSessions } from '../../db/schema/games';
import { lotteries, lotteryOrders, lotteryRounds } from '../../db/schema/lottery';
import { CENTRAL_VENUE } from '../../db/schema/wallets';
import { LOTTERY_WIN_REFERENCE } from '../lottery/settle';
import { LOTTERY_ROUND_REFERENCE } from '../wallet/turnover';

export const CENTRAL_WALLET_LABEL = '中心钱包';
/** What a category the labels do not know reads as. */
export const OTHER_CATEGORY = '其他';

/** "加拿大28 第20261127001期". */
export const roundLabel = (lottery: string, expect: string) => `${lottery} 第${expect}期`;

/** A game or rebate category in Chinese (真人, 电子, 彩票 …). */
export function categoryLabel(category: string): string {
  return (
    (REBATE_CATEGORY_LABELS as Record<string, string>)[category] ??
    (GAME_CATEGORY_LABELS as Record<string, string>)[category] ??
    OTHER_CATEGORY
  );
}

/** Chinese names by code: every venue (enabled or not, with the central wallet) and every lottery. */
export interface NameBook {
  venues: Map<string, string>;
  lotteries: Map<string, string>;
}

export async function nameBook(db: Db): Promise<NameBook> {
  const [platforms, lotteryRows] = await Promise.all([
    db
      .select({ code: gamePlatforms.platformName, name: gamePlatforms.name })
      .from(gamePlatforms)
      // The lobby's name first (game_code ''), as the member app and the reports name a venue.
      .orderBy(desc(sql`${gamePlatforms.gameCode} = ''`), asc(gamePlatforms.sort), asc(gamePlatforms.id)),
    db.select({ code: lotteries.code, title: lotteries.title }).from(lotteries),
  ]);
  const venues = new Map<string, string>([[CENTRAL_VENUE, CENTRAL_WALLET_LABEL]]);
  for (const p of platforms) if (!venues.has(p.code)) venues.set(p.code, p.name);
  return { venues, lotteries: new Map(lotteryRows.map((l) => [l.code, l.title])) };
}

/** A venue's or a lottery's name ("加拿大28" for jnd28), a category's label ('lottery': 彩票), else the code. */
export function platformName(book: NameBook, code: string): string {
  const named = book.venues.get(code) ?? book.lotteries.get(code);
  if (named) return named;
  return categoryLabel(code) === OTHER_CATEGORY ? code : categoryLabel(code);
}

const idsAfter = (refs: readonly string[], prefix: string) =>
  refs
    .filter((r) => r.startsWith(prefix) && /^\d+$/.test(r.slice(prefix.length)))
    .map((r) => r.slice(prefix.length));

/** Rounds by id, and orders by id, as their lottery and round ("加拿大28 第…期"). */
async function roundsAndOrders(db: Db, refs: readonly string[]) {
  const roundIds = idsAfter(refs, LOTTERY_ROUND_REFERENCE).map(BigInt);
  const orderIds = idsAfter(refs, LOTTERY_ORDER_REFERENCE).map(BigInt);
  const [rounds, orders] = await Promise.all([
    roundIds.length === 0
      ? []
      : db
          .select({ id: lotteryRounds.id, expect: lotteryRounds.expect, title: lotteries.title })
          .from(lotteryRounds)
          .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
          .where(inArray(lotteryRounds.id, roundIds)),
    orderIds.length === 0
      ? []
      : db
          .select({ id: lotteryOrders.id, expect: lotteryRounds.expect, title: lotteries.title })
          .from(lotteryOrders)
          .innerJoin(lotteryRounds, eq(lotteryRounds.id, lotteryOrders.roundId))
          .innerJoin(lotteries, eq(lotteries.id, lotteryRounds.lotteryId))
          .where(inArray(lotteryOrders.id, orderIds)),
  ]);
  return {
    rounds: new Map(rounds.map((r) => [String(r.id), roundLabel(r.title, r.expect)])),
    orders: new Map(orders.map((o) => [String(o.id), roundLabel(o.title, o.expect)])),
  };
}

/** Wins paid before batches named one order line. */
const LOTTERY_ORDER_REFERENCE = 'lottery_order:';
const LOTTERY_STAKE_REFERENCE = 'lottery:';
const GAME_SESSION_REFERENCE = 'game_session:';
const REBATE_REFERENCE = /^rebate:(\d+)$/;

/**
 * Each reference as the console shows it: lottery stakes and wins (`lottery:<code>:<expect>:…`,
 * `lottery_win:…`, `lottery_round:<id>`, `lottery_order:<id>`) as "加拿大28 第N期", a game session and
 * a transfer's venue code as the venue's name, a rebate claim as "返水 N 笔"; anything else unchanged.
 */
export async function describeReferences(
  db: Db,
  book: NameBook,
  refs: readonly string[],
): Promise<Map<string, string>> {
  const sessionIds = idsAfter(refs, GAME_SESSION_REFERENCE).map(Number);
  const [{ rounds, orders }, sessions] = await Promise.all([
    roundsAndOrders(db, refs),
    sessionIds.length === 0
      ? []
      : db
          .select({ id: gameSessions.id, platform: gameSessions.platform })
          .from(gameSessions)
          .where(inArray(gameSessions.id, sessionIds)),
  ]);
  const sessionVenue = new Map(sessions.map((s) => [String(s.id), platformName(book, s.platform)]));
  const describe = (ref: string): string => {
    for (const prefix of [LOTTERY_WIN_REFERENCE, LOTTERY_STAKE_REFERENCE]) {
      if (!ref.startsWith(prefix)) continue;
      const [code = '', expect = ''] = ref.slice(prefix.length).split(':');
      if (code && expect) return roundLabel(book.lotteries.get(code) ?? code, expect);
    }
    const after = (prefix: string) => (ref.startsWith(prefix) ? ref.slice(prefix.length) : null);
    const round = rounds.get(after(LOTTERY_ROUND_REFERENCE) ?? '');
    const order = orders.get(after(LOTTERY_ORDER_REFERENCE) ?? '');
    const session = sessionVenue.get(after(GAME_SESSION_REFERENCE) ?? '');
    const rebate = REBATE_REFERENCE.exec(ref);
    return round ?? order ?? session ?? book.venues.get(ref) ?? (rebate ? `返水 ${rebate[1]} 笔` : ref);
  };
  return new Map(refs.map((r) => [r, describe(r)]));
}
