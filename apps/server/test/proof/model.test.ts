/**
 * A model-based test of the money calls (fast-check `asyncModelRun`): a member's central and venue
 * wallets, withdrawals in review and open lottery lines are kept in a small model; random sequences
 * of operator credits, transfers central ⇄ venue, 一键回收, withdrawals, operator approvals and
 * rejections (also of already reviewed ones), lottery orders, draws (the clock moved, the scheduler
 * step run) and replays of the last money request with its Idempotency-Key are run against the real
 * app. After every command the member's wallets equal the model and the ledger check holds; every
 * settled line has its payout (stake × 1.96 if the drawn total wins its play, else 0), and each round
 * of the member has ONE valid bet: the money at risk, the stake less the part hedged by the least the
 * member's lines of that round pay back over the four outcomes 大单 大双 小单 小双, grossed up by the
 * house edge (least × 100 / 98, floored, at most the stake) (server-rules 'Lottery').
 * Runs on PostgreSQL (server-pg) and on PGlite.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { now, setClock } from '../../src/core/clock';
import { lotteryOrders, lotteryRounds } from '../../src/db/schema/lottery';
import { deposits, withdrawals } from '../../src/db/schema/money';
import { openRequirements } from '../../src/modules/wallet/turnover';
import { CENTRAL_VENUE } from '../../src/db/schema/wallets';
import { runDue } from '../../src/modules/lottery/draw';
import { currentRound } from '../../src/modules/lottery/service';
import { walletSnapshot } from './support';
import { commands, lotteryBetsOf, m, modelTestApp, roomId, t, VENUES, type Model, type Real } from './model';
import { COMMANDS } from './model-commands';

const SEED = 7_122_026;
const RUNS = 50;
const MAX_COMMANDS = 20;

modelTestApp(RUNS);

it('the money calls agree with a model of the wallets', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
      const setup = async () => {
        // Each run starts from the member's real state; earlier runs' reviews are over.
        const snap = await walletSnapshot(t.db, [m.id]);
        const open = await t.db
          .select()
          .from(lotteryOrders)
          .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.state, 'open')));
        const pending = await t.db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, m.id), eq(withdrawals.state, 1)));
        const pendingDeposits = await t.db
          .select()
          .from(deposits)
          .where(and(eq(deposits.userId, m.id), eq(deposits.state, 1)));
        const bets = await lotteryBetsOf(m.id);
        const model: Model = {
          central: snap.get(`${m.id}/${CENTRAL_VENUE}`) ?? 0n,
          venues: Object.fromEntries(VENUES.map((v) => [v, snap.get(`${m.id}/${v}`) ?? 0n])),
          inReview: new Map(pending.map((w) => [w.id, w.amountCents])),
          reviewed: [],
          openLines: new Map(
            open.map((l) => [l.id, { stake: l.stakeCents, round: l.roundId, play: l.playId }]),
          ),
          lotteryBets: bets.n,
          lotteryValid: bets.valid,
          depositsInReview: new Map(pendingDeposits.map((d) => [d.depositNo, d.amountCents])),
          turnover: (await openRequirements(t.db, m.id)).map((r) => ({
            required: r.requiredCents,
            done: r.doneCents,
          })),
        };
        return { model, real: { m, last: null } as Real };
      };
      await fc.asyncModelRun(setup, cmds);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(commands).toBeGreaterThan(RUNS * 8);
}, 120_000);

it('every round the test played is settled, each line once', async () => {
  const { round } = await currentRound(t.db, roomId);
  setClock(Math.max(now(), round.drawsAt.getTime() + 1000));
  await runDue(t.db, t.app.roomBus, now());
  const open = await t.db
    .select({ id: lotteryOrders.id })
    .from(lotteryOrders)
    .innerJoin(lotteryRounds, eq(lotteryRounds.id, lotteryOrders.roundId))
    .where(and(eq(lotteryOrders.userId, m.id), eq(lotteryOrders.state, 'open')));
  expect(open).toEqual([]);
  await expect(t.ledgerCheck()).resolves.toMatchObject({ ok: true, total: '0' });
});
