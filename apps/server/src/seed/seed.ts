import { TRIAL_ACCOUNT } from '@app/contract/auth';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { addRequirement } from '../modules/wallet/turnover';
import { SEED_ASSET_PREFIX } from '../core/paths';
import { DAY_MS, now } from '../core/clock';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { gamePlatforms } from '../db/schema/games';
import { articles, banners, homeNotices, notices, siteSettings } from '../db/schema/site';
import { CENTRAL_VENUE, wallets } from '../db/schema/wallets';
import { ledgerEntries } from '../db/schema/money';
import { post, SYSTEM } from '../modules/wallet/ledger';
import { seedMoney } from './cashier';
import { linkLotteryPlatforms, seedLottery } from './lottery';
import { seedPromo } from './promo';
import {
  ABOUT_ARTICLES,
  ANNOUNCEMENTS,
  ARTICLES,
  BANNER_SRCS,
  DEMO_MEMBER,
  GAMES,
  gameIconName,
  HOME_NOTICES,
  SITE_TITLE,
  TRIAL_BALANCE_CENTS,
  TRIAL_REALNAME,
  WEB_CONTENT,
  WELCOME_MODAL,
} from './content';

export interface SeedOptions {
  /** Origin members use (h5_url and referral links), e.g. http://127.0.0.1:8080. */
  publicUrl: string;
  /**
   * Demo mode (config.demo): seed the demo member with money. Off (PostgreSQL without DEMO=1), no
   * member with money is created, and a demo member left by an earlier demo run is blocked while its
   * public password still opens it.
   */
  demo: boolean;
}

/**
 * Writes the demo content. Idempotent, safe on every start: rows with a natural key are inserted
 * with ON CONFLICT DO NOTHING, lists without one (banners, notices) only into an empty table, and
 * nothing an operator changed is overwritten.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  await seedSite(db, opts.publicUrl);
  await seedArticles(db);
  await linkLotteryPlatforms(db);
  await seedGames(db);
  await seedMembers(db, opts.demo);
  await seedMoney(db);
  await seedLottery(db);
  await seedPromo(db);
}

const asset = (name: string) => `${SEED_ASSET_PREFIX}${name}`;

/** The site settings, and the banners and notices of a site that has none. */
async function seedSite(db: Db, publicUrl: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({
      id: 1,
      title: SITE_TITLE,
      siteState: 1,
      repairTips: '',
      redpacketSwitch: 1,
      indexModal: WELCOME_MODAL,
      webcontent: WEB_CONTENT,
      siteLogo: asset('logo.svg'),
      h5Url: `${publicUrl}/`,
      iosDownloadUrl: '/support/app/',
      iosDownloadQrcode: asset('download-qr.svg'),
      serviceUrl: '/support/',
      // Our own back office (apps/agent, with a one-time ticket); an absolute address sends agents
      // to an operator's own back office instead (modules/agents/tickets.ts).
      agentLoginUrl: '/agent/',
      usdtrate: '7.20',
      withdrawusdtrate: '7.30',
      withdrawcashfeeCents: 500n,
      withdrawfeeusdttrcCents: 100n,
    })
    .onConflictDoNothing();

  const [bannerCount] = await db.select({ n: count() }).from(banners);
  if (!bannerCount?.n) {
    await db.insert(banners).values(BANNER_SRCS.map((src, i) => ({ type: 2, src, url: '', sort: i + 1 })));
  }

  const [homeCount] = await db.select({ n: count() }).from(homeNotices);
  if (!homeCount?.n) {
    await db.insert(homeNotices).values(HOME_NOTICES.map((content, i) => ({ content, sort: i + 1 })));
  }

  const [noticeCount] = await db.select({ n: count() }).from(notices).where(isNull(notices.userId));
  if (!noticeCount?.n) {
    const t = now();
    await db.insert(notices).values(
      ANNOUNCEMENTS.map((a, i) => ({
        title: a.title,
        content: a.content,
        // Spread over the past days, a minute apart within a day, so the order is stable.
        createdAt: new Date(t - a.daysAgo * DAY_MS - (i + 1) * 60_000),
      })),
    );
  }
}

/** The help centre's articles and /abouts' own (which both have a type 5 and a type 6). */
async function seedArticles(db: Db): Promise<void> {
  const rows = (section: 'help' | 'abouts', list: Record<number, { title: string; content: string }>) =>
    Object.entries(list).map(([type, a]) => ({
      section,
      type: Number(type),
      title: a.title,
      content: a.content,
    }));
  await db
    .insert(articles)
    .values([...rows('help', ARTICLES), ...rows('abouts', ABOUT_ARTICLES)])
    .onConflictDoNothing();
}

async function seedGames(db: Db): Promise<void> {
  await db
    .insert(gamePlatforms)
    .values(
      GAMES.map((g, i) => ({
        category: g.category,
        platformName: g.platformName,
        gameCode: g.gameCode,
        name: g.name,
        gameType: g.gameType,
        appState: 1,
        icon: asset(gameIconName(g)),
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();
}

/** The trial member always; the demo member with money in demo mode, else blocked if left over. */
async function seedMembers(db: Db, demo: boolean): Promise<void> {
  await seedUser(db, {
    username: TRIAL_ACCOUNT.name,
    password: TRIAL_ACCOUNT.password,
    realname: TRIAL_REALNAME,
    isTrial: 1,
  });
  await seedOpening(db, TRIAL_ACCOUNT.name, TRIAL_BALANCE_CENTS);
  if (demo) {
    await seedUser(db, {
      username: DEMO_MEMBER.name,
      password: DEMO_MEMBER.password,
      realname: DEMO_MEMBER.realname,
      isTrial: 0,
    });
    await seedOpening(db, DEMO_MEMBER.name, DEMO_MEMBER.balanceCents);
  } else {
    await blockPublicDemoMember(db);
  }
}

async function seedUser(
  db: Db,
  u: { username: string; password: string; realname: string; isTrial: number },
): Promise<void> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${u.username.toLowerCase()}`);
  if (existing.length > 0) return;
  const hashed = await hashPassword(u.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: u.username,
        realname: u.realname,
        passwordHash: hashed,
        payPasswordHash: hashed,
        avatar: `${SEED_ASSET_PREFIX}avatar.svg`,
        isTrial: u.isTrial,
        createdAt: new Date(now()),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) return;
    await tx
      .insert(wallets)
      .values({ userId: row.id, venue: CENTRAL_VENUE, balanceCents: 0n })
      .onConflictDoNothing();
  });
}

/**
 * The seeded members' opening balances, through the ledger (adjustments → central wallet), once:
 * only when the central wallet has no entry yet. A wallet of an older database that holds a balance
 * without entries gets the matching entries (its balance is kept).
 */
async function seedOpening(db: Db, username: string, cents: bigint): Promise<void> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (!u) return;
  await db.transaction(async (tx) => {
    const [w] = await tx
      .select({ id: wallets.id, balance: wallets.balanceCents })
      .from(wallets)
      .where(and(eq(wallets.userId, u.id), eq(wallets.venue, CENTRAL_VENUE)))
      .for('update');
    if (!w) return;
    const [has] = await tx.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.walletId, w.id));
    if (has?.n) return;
    if (w.balance > 0n) {
      const txId = randomUUID();
      await tx.insert(ledgerEntries).values([
        { txId, walletId: w.id, amountCents: w.balance, reason: 'opening', reference: username },
        {
          txId,
          account: SYSTEM.adjustments,
          amountCents: -w.balance,
          reason: 'opening',
          reference: username,
        },
      ]);
    } else if (cents > 0n) {
      await post(tx, {
        reason: 'opening',
        reference: username,
        legs: [
          { wallet: w.id, cents },
          { account: SYSTEM.adjustments, cents: -cents },
        ],
      });
      // Like any bonus, an opening balance must be played through before it can be withdrawn.
      await addRequirement(tx, u.id, { source: 'demo', cents, reference: username });
    }
  });
}

/**
 * Outside demo mode the demo member must not be a public door to money: when a database seeded in
 * demo mode earlier still has it with its published password, it is blocked (its sessions with it).
 */
async function blockPublicDemoMember(db: Db): Promise<void> {
  const [u] = await db
    .select({ id: users.id, hash: users.passwordHash, blocked: users.blocked })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_MEMBER.name}`);
  if (!u || u.blocked || !(await verifyPassword(u.hash, DEMO_MEMBER.password))) return;
  await db.update(users).set({ blocked: true }).where(eq(users.id, u.id));
}
