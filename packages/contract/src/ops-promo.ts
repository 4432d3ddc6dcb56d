/* Operator calls of promotions: activity and agent applications, rebates, VIP and the daily job. */
import * as z from 'zod/mini';
import { defineCall } from './define';
import {
  MSG_OPS_AMOUNT,
  OPS_ID_MAX,
  opsAmountCents,
  OpsAmountText,
  OpsDay,
  OpsId,
  OpsUsername,
  ReviewListQuery,
  WholeNumber,
} from './ops-fields';
import { reject } from './codecs';

export const opsActivityApplications = defineCall({
  name: 'opsActivityApplications',
  method: 'GET',
  path: '/ops/activities/applications',
  auth: 'operator',
  request: ReviewListQuery,
  /** Newest first; activity is the activity's title; bonus the amount paid ('' unpaid). */
  response: z.object({
    applications: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        activity: z.string(),
        state: z.number(),
        bonus: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
});

/** The application and its new state (2 approved, 3 rejected); 404 申请不存在, 409 when reviewed. */
const ApplicationReviewed = z.object({ id: z.number(), state: z.number() });

/**
 * Approves and pays the bonus: `amount` (yuan, optional) overrides the activity rule's figure; without
 * it the rule's figure is paid, and when the rule gives none (no qualifying deposit, a manual
 * activity) the call is refused with 409 没有符合活动规则的存款，请填写彩金金额.
 */
export const opsApproveActivity = defineCall({
  name: 'opsApproveActivity',
  method: 'POST',
  path: '/ops/activities/approve',
  auth: 'operator',
  request: z.pipe(
    z.object({ id: WholeNumber(1, OPS_ID_MAX), amount: z.optional(OpsAmountText) }),
    z.transform((o, ctx) => {
      if (o.amount === undefined || o.amount.trim() === '') return { id: o.id, amount: null };
      const cents = opsAmountCents(o.amount);
      return cents === null ? reject(ctx, MSG_OPS_AMOUNT) : { id: o.id, amount: cents };
    }),
  ),
  /** The bonus paid and the turnover it added to the member's requirement, in yuan. */
  response: z.object({ id: z.number(), state: z.number(), bonus: z.string(), turnover: z.string() }),
});

export const opsRejectActivity = defineCall({
  name: 'opsRejectActivity',
  method: 'POST',
  path: '/ops/activities/reject',
  auth: 'operator',
  request: OpsId,
  response: ApplicationReviewed,
});

export const opsAgentApplications = defineCall({
  name: 'opsAgentApplications',
  method: 'GET',
  path: '/ops/agents/applications',
  auth: 'operator',
  request: ReviewListQuery,
  response: z.object({
    applications: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        realname: z.string(),
        mobile: z.string(),
        reason: z.string(),
        state: z.number(),
        created_at: z.string(),
      }),
    ),
  }),
});

/** The member, whether they are an agent now, and the application reviewed (null: none was pending). */
const AgentReviewed = z.object({
  username: z.string(),
  isagent: z.number(),
  application: z.nullable(z.number()),
});

/** Makes a member an agent and approves their pending application, if any. */
export const opsApproveAgent = defineCall({
  name: 'opsApproveAgent',
  method: 'POST',
  path: '/ops/agents/approve',
  auth: 'operator',
  request: z.object({ username: OpsUsername }),
  response: AgentReviewed,
});

/** Rejects a member's pending agent application (409 when there is none). */
export const opsRejectAgent = defineCall({
  name: 'opsRejectAgent',
  method: 'POST',
  path: '/ops/agents/reject',
  auth: 'operator',
  request: z.object({ username: OpsUsername }),
  response: AgentReviewed,
});

/** Turns a Beijing day's valid bets into pending rebates; `created`: new records (0 on a rerun). */
export const opsComputeRebates = defineCall({
  name: 'opsComputeRebates',
  method: 'POST',
  path: '/ops/rebates/compute',
  auth: 'operator',
  request: OpsDay,
  response: z.object({ day: z.string(), created: z.number() }),
});

/** The VIP promotion and 90-day retention job for a Beijing day (one change per member a day). */
export const opsRunVip = defineCall({
  name: 'opsRunVip',
  method: 'POST',
  path: '/ops/vip/run',
  auth: 'operator',
  request: OpsDay,
  response: z.object({ day: z.string(), promoted: z.number(), demoted: z.number() }),
});

/** The whole daily job of a Beijing day: its rebates, then VIP. */
export const opsPromoDaily = defineCall({
  name: 'opsPromoDaily',
  method: 'POST',
  path: '/ops/promo/daily',
  auth: 'operator',
  request: OpsDay,
  response: z.object({ day: z.string(), rebates: z.number(), promoted: z.number(), demoted: z.number() }),
});
