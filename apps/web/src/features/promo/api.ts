import { DEFAULT_DATE_FILTER, REVIEW_STATES } from '@app/contract/enums';
import {
  activities,
  activityApplications,
  activityDetail,
  activityTypes,
  applyActivity,
  claimRebates,
  claimRedPacket,
  rebates,
  redPacketInfo,
  redPacketRecords,
  vipLevels,
  vipProgress,
} from '@app/contract/promo';
import { visitUrl } from '@app/contract/site';
import { applyAgent, inviteStats } from '@app/contract/agents';
import type { RequestOf } from '@app/contract/define';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';
import { promoRoot } from './keys';

const LISTS_STALE_MS = 60_000;
/** How often /activityRecord reads again while an application awaits its decision. */
export const APPLICATION_POLL_MS = 5_000;

/** The filters of /fanshui's records. */
export interface RebateFilter {
  platform: string;
  state: '' | 0 | 1;
  /** Beijing days YYYY-MM-DD, both or neither. */
  start: string;
  end: string;
}

/** Next page of a `{data, total}` list, or undefined at its end. */
function nextPage<P extends { page: number; data: unknown[]; total: number }>(last: P, pages: P[]) {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length > 0 && loaded < last.total ? last.page + 1 : undefined;
}

export const promoQueries = {
  all: promoRoot,
  activityTypes: () =>
    queryOptions({
      queryKey: [...promoRoot(), 'activityTypes'] as const,
      queryFn: ({ signal }) => call(activityTypes, undefined, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  /** Activities of one type; null for all. */
  activities: (type: number | null) =>
    queryOptions({
      queryKey: [...promoRoot(), 'activities', type ?? 0] as const,
      queryFn: ({ signal }) => call(activities, type ? { type } : {}, { signal }),
      staleTime: LISTS_STALE_MS,
    }),
  activity: (id: number) =>
    queryOptions({
      queryKey: [...promoRoot(), 'activity', id] as const,
      queryFn: ({ signal }) => call(activityDetail, { id }, { signal }),
    }),
  /**
   * /activityRecord: the member's applications, paged as one scroll. Read again on every visit, and every
   * APPLICATION_POLL_MS while one is 审核中 on screen: an operator's decision shows within seconds, never
   * 审核中 beside a bonus already in the balance.
   */
  applications: () =>
    infiniteQueryOptions({
      queryKey: [...promoRoot(), 'applications'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(activityApplications, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.data.some((a) => a.state === REVIEW_STATES.pending))
          ? APPLICATION_POLL_MS
          : false,
    }),
  /** Red packet info: claims left, claimed, bands (no records). */
  redPacket: () =>
    queryOptions({
      queryKey: [...promoRoot(), 'redPacket'] as const,
      queryFn: ({ signal }) => call(redPacketInfo, {}, { signal }),
    }),
  redPacketRecords: () =>
    infiniteQueryOptions({
      queryKey: [...promoRoot(), 'redPacketRecords'] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await call(redPacketRecords, { page: pageParam }, { signal })),
      }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  vipLevels: () =>
    queryOptions({
      queryKey: [...promoRoot(), 'vipLevels'] as const,
      queryFn: ({ signal }) => call(vipLevels, undefined, { signal }),
      staleTime: 5 * LISTS_STALE_MS,
    }),
  /** /vip: deposits and valid bets toward the next level (our addition). */
  vipProgress: () =>
    queryOptions({
      queryKey: [...promoRoot(), 'vipProgress'] as const,
      queryFn: ({ signal }) => call(vipProgress, undefined, { signal }),
    }),
  /** /inviter: getVisitUrl's address for the referral link (spec §7). */
  visitUrl: () =>
    queryOptions({
      queryKey: [...promoRoot(), 'visitUrl'] as const,
      queryFn: ({ signal }) => call(visitUrl, undefined, { signal }),
      staleTime: 5 * LISTS_STALE_MS,
    }),
  /**
   * /fanshui: totals and pages of a filter: platform ('' all), state ('' all, 0 未领取, 1 已领取), and a
   * Beijing day range (both ends, else the last 30 days).
   */
  rebates: (f: RebateFilter) =>
    infiniteQueryOptions({
      queryKey: [...promoRoot(), 'rebates', f.platform, f.state, f.start, f.end] as const,
      queryFn: async ({ pageParam, signal }) => {
        const reply = await call(
          rebates,
          {
            date: DEFAULT_DATE_FILTER,
            page: pageParam,
            ...(f.platform ? { api_type: f.platform } : {}),
            ...(f.state === '' ? {} : { type: f.state }),
            ...(f.start && f.end ? { start_date: f.start, end_date: f.end } : {}),
          },
          { signal },
        );
        return { page: pageParam, ...reply, data: reply.records.data, total: reply.records.total };
      },
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  /** /inviter: the downline counters and the referral records of a date range. */
  invite: (range: { start: string; end: string }) =>
    queryOptions({
      queryKey: [...promoRoot(), 'invite', range.start, range.end] as const,
      queryFn: ({ signal }) =>
        call(
          inviteStats,
          {
            ...(range.start ? { start_date: range.start } : {}),
            ...(range.end ? { end_date: range.end } : {}),
          },
          { signal },
        ),
    }),
};

export function useApplyActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ activityid, intentKey }: { activityid: number; intentKey: string }) =>
      send(applyActivity, { activityid }, { idempotencyKey: intentKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...promoRoot(), 'applications'] }),
  });
}

/** Money calls carry the Idempotency-Key of their intent. */
export function useClaimRedPacket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (intentKey: string) => send(claimRedPacket, undefined, { idempotencyKey: intentKey }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...promoRoot(), 'redPacket'] }),
        qc.invalidateQueries({ queryKey: [...promoRoot(), 'redPacketRecords'] }),
        qc.invalidateQueries({ queryKey: sessionQueries.all() }),
      ]),
  });
}

export function useClaimRebates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (intentKey: string) => send(claimRebates, undefined, { idempotencyKey: intentKey }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...promoRoot(), 'rebates'] }),
        qc.invalidateQueries({ queryKey: sessionQueries.all() }),
      ]),
  });
}

export function useApplyAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ intentKey, ...input }: RequestOf<typeof applyAgent> & { intentKey: string }) =>
      send(applyAgent, input, { idempotencyKey: intentKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}
