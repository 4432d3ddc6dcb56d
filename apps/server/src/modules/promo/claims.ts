import { CARD_TYPES, REVIEW_STATES } from '@app/contract/enums';
import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { now } from '../../core/clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { cards } from '../../db/schema/money';
import { activities, activityApplications, bonusClaims, type BonusClaimKind } from '../../db/schema/promo';

/* What a paid bonus uses up (db/schema/promo.ts bonusClaims): its deposit, and for a first-deposit
 * bonus the person behind the account — mobile, bank cards, USDT addresses, real name — so six accounts
 * of one person share one first-deposit bonus. Normalised the way migration 0017 normalises them. */

export interface Identity {
  kind: BonusClaimKind;
  value: string;
}

const digits = (s: string) => s.replace(/\D/g, '');
const noSpaces = (s: string) => s.replace(/\s/g, '');

/** One identity, normalised ('' when there is nothing to claim). */
export function identityOf(kind: Exclude<BonusClaimKind, 'deposit'>, raw: string): Identity {
  if (kind === 'mobile' || kind === 'bank_card') return { kind, value: digits(raw) };
  if (kind === 'real_name') return { kind, value: noSpaces(raw) };
  const address = noSpaces(raw);
  // ERC20 addresses are hex (any case); TRC20 ones are base58, where case matters.
  return { kind, value: address.toLowerCase().startsWith('0x') ? address.toLowerCase() : address };
}

/** The member's mobile, real name, bank cards (number and holder) and USDT addresses. */
export async function identitiesOf(db: Db | Tx, userId: number): Promise<Identity[]> {
  const [u] = await db
    .select({ mobile: users.mobile, realname: users.realname })
    .from(users)
    .where(eq(users.id, userId));
  const bound = await db
    .select({ type: cards.type, no: cards.bankNo, owner: cards.owner })
    .from(cards)
    .where(eq(cards.userId, userId));
  const all: Identity[] = [identityOf('mobile', u?.mobile ?? ''), identityOf('real_name', u?.realname ?? '')];
  for (const c of bound) {
    if (c.type === CARD_TYPES.usdt) all.push(identityOf('usdt_address', c.no));
    else all.push(identityOf('bank_card', c.no), identityOf('real_name', c.owner));
  }
  const seen = new Set<string>();
  return all.filter((i) => {
    const key = `${i.kind}:${i.value}`;
    if (!i.value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Those of `identities` another member has claimed. */
async function takenByOthers(db: Db | Tx, userId: number, identities: readonly Identity[]) {
  if (identities.length === 0) return [];
  return db
    .select({ kind: bonusClaims.kind, value: bonusClaims.value })
    .from(bonusClaims)
    .where(
      and(
        ne(bonusClaims.userId, userId),
        or(...identities.map((i) => and(eq(bonusClaims.kind, i.kind), eq(bonusClaims.value, i.value)))),
      ),
    );
}

/** Whether any of the member's identities is claimed by another member's first-deposit bonus. */
export async function personAlreadyPaid(db: Db | Tx, userId: number): Promise<boolean> {
  return (await takenByOthers(db, userId, await identitiesOf(db, userId))).length > 0;
}

/**
 * Claims a person's identities for the member's first-deposit bonus, in the approval's transaction: true
 * when every one is now the member's (newly, or already), false when another member holds one (the
 * caller refuses and rolls back).
 * The primary key decides between two approvals at once: the second insert finds the first's row.
 */
export async function claim(
  tx: Tx,
  userId: number,
  applicationId: number | null,
  things: readonly Identity[],
): Promise<boolean> {
  if (things.length === 0) return true;
  await tx
    .insert(bonusClaims)
    .values(things.map((t) => ({ ...t, userId, applicationId, createdAt: new Date(now()) })))
    .onConflictDoNothing();
  return (await takenByOthers(tx, userId, things)).length === 0;
}

/** Claims a deposit for one bonus: false when a bonus (any, the member's own included) has it already. */
export async function claimDeposit(tx: Tx, userId: number, applicationId: number, depositId: number) {
  const rows = await tx
    .insert(bonusClaims)
    .values({ kind: 'deposit', value: String(depositId), userId, applicationId, createdAt: new Date(now()) })
    .onConflictDoNothing()
    .returning({ kind: bonusClaims.kind });
  return rows.length > 0;
}

/** Whether the deposit already carries a bonus (one bonus per deposit). */
export async function depositUsed(db: Db | Tx, depositId: number): Promise<boolean> {
  const [row] = await db
    .select({ kind: bonusClaims.kind })
    .from(bonusClaims)
    .where(and(eq(bonusClaims.kind, 'deposit'), eq(bonusClaims.value, String(depositId))));
  return !!row;
}

/** Whether the member holds a paid first-deposit bonus (their later bindings are claimed too). */
export async function holdsFirstDepositBonus(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .innerJoin(activities, eq(activities.id, activityApplications.activityId))
    .where(
      and(
        eq(activityApplications.userId, userId),
        eq(activityApplications.state, REVIEW_STATES.approved),
        isNotNull(activityApplications.bonusCents),
        eq(activities.bonusBasis, 'first_deposit'),
      ),
    )
    .limit(1);
  return !!row;
}

export const MSG_IDENTITY_TAKEN = '该信息已被其他账户用于领取首存优惠，不能绑定（首存优惠每人限领一次）';

/**
 * Called where a member binds a mobile, card or address (in that binding's transaction): a member who
 * holds a first-deposit bonus claims the new identity too, so an account that got the bonus cannot
 * later share a card or mobile with another account that got it. Refused (false) when another bonus
 * holder claimed it; members without a first-deposit bonus bind freely (their own application will be
 * refused if they share one). Claims outlive unbinding, so a card cannot be passed on to the next account.
 */
export async function claimNewBinding(tx: Tx, userId: number, identity: Identity): Promise<boolean> {
  if (!identity.value || !(await holdsFirstDepositBonus(tx, userId))) return true;
  return claim(tx, userId, null, [identity]);
}
