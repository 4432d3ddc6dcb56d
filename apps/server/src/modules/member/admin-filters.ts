/* The member search's filters as one SQL condition on users (joined with the central wallet). */
import type { MemberSearchFilters } from '@app/contract/console-annotations';
import { and, eq, gte, like, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { addDays, dayStartOf } from '../../core/clock';
import { users } from '../../db/schema/accounts';
import { memberLogins } from '../../db/schema/operators';
import { memberTagLinks } from '../../db/schema/risk';
import { wallets } from '../../db/schema/wallets';

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const dayStart = (day: string) => new Date(dayStartOf(day));
const dayEnd = (day: string) => new Date(dayStartOf(addDays(day, 1)));
const ID_MAX = 2_147_483_647;

/** The member's latest sign-in (registration included): member_logins_user_idx, one look per row. */
const lastSignIn = sql`(select max(${memberLogins.at}) from ${memberLogins} where ${memberLogins.userId} = ${users.id})`;
/** The central balance; a member without a wallet row has 0. */
const balance = sql`coalesce(${wallets.balanceCents}, 0)`;

/**
 * The referrer by name (any case) or, for digits, by id. Inside the subquery "users" is the inner
 * table (it shadows the outer one), so the referrer's columns need no alias.
 */
function byReferrer(text: string): SQL {
  const id = /^\d{1,10}$/.test(text) && Number(text) <= ID_MAX ? Number(text) : null;
  const named = sql`lower(${users.username}) = ${text.toLowerCase()}`;
  const match = id === null ? named : sql`(${named} or ${users.id} = ${id})`;
  return sql`${users.pid} in (select ${users.id} from ${users} where ${match})`;
}

/**
 * Every given filter must hold (undefined when none is given). Real name by its beginning
 * (users_realname_prefix_idx), a tag through member_tag_links_tag_idx; days are Beijing days, both
 * ends included; amounts in cents.
 */
export function memberFilterWhere(f: Partial<MemberSearchFilters>): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.realname ? like(users.realname, likePrefix(f.realname)) : undefined,
    f.tag != null
      ? sql`${users.id} in (select ${memberTagLinks.userId} from ${memberTagLinks} where ${memberTagLinks.tagId} = ${f.tag})`
      : undefined,
    f.vip != null ? eq(users.vipLevel, f.vip) : undefined,
    f.agent === 'agent' ? eq(users.isagent, 1) : f.agent === 'member' ? ne(users.isagent, 1) : undefined,
    f.referrer ? byReferrer(f.referrer) : undefined,
    f.reg_from ? gte(users.createdAt, dayStart(f.reg_from)) : undefined,
    f.reg_to ? lt(users.createdAt, dayEnd(f.reg_to)) : undefined,
    f.login_from ? sql`${lastSignIn} >= ${dayStart(f.login_from).toISOString()}` : undefined,
    f.login_to ? sql`${lastSignIn} < ${dayEnd(f.login_to).toISOString()}` : undefined,
    f.balance_min != null ? sql`${balance} >= ${f.balance_min}` : undefined,
    f.balance_max != null ? sql`${balance} <= ${f.balance_max}` : undefined,
    f.deposit_min != null ? gte(users.paysumCents, BigInt(f.deposit_min)) : undefined,
    f.deposit_max != null ? lte(users.paysumCents, BigInt(f.deposit_max)) : undefined,
  ];
  const given = parts.filter((p): p is SQL => p !== undefined);
  return given.length > 0 ? and(...given) : undefined;
}
