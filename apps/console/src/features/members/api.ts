import {
  consoleMember,
  consoleMemberDeposits,
  consoleMemberLedger,
  consoleMemberLogins,
  consoleMemberLotteryOrders,
  consoleMemberRebates,
  consoleMembers,
  consoleMemberValidBets,
  consoleMemberWithdrawals,
} from '@app/contract/console-members';
import { consoleMemberNotes, consoleMemberTags } from '@app/contract/console-annotations';
import type { ConsoleCallDef } from '@app/contract/console-define';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

/** Every query of this feature starts with this key: invalidate it after an action. */
export const MEMBER_KEY = ['console', 'members'] as const;

/** The search's box and filters as the address carries them (names of consoleMembers' request). */
export type MemberSearch = Record<string, string>;

/** A page of the search (the previous page stays on screen while the next one loads). */
export const membersQuery = (q: string, page: number, pageSize: number, filters: MemberSearch = {}) =>
  queryOptions({
    queryKey: [...MEMBER_KEY, 'search', q, filters, page, pageSize],
    queryFn: () => callApi(consoleMembers, { ...filters, q, page, pageSize }),
    placeholderData: keepPreviousData,
  });

/** Every member tag (the filter, bulk tagging, the member page's editor, the tag manager). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: [...MEMBER_KEY, 'tags'],
    queryFn: () => callApi(consoleMemberTags, {}),
  });

export const notesQuery = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...MEMBER_KEY, 'notes', id, page, pageSize],
    queryFn: () => callApi(consoleMemberNotes, { id, page, pageSize }),
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: [...MEMBER_KEY, 'detail', id],
    queryFn: () => callApi(consoleMember, { id }),
  });

/** The member page's paged lists, by tab. */
export const MEMBER_LISTS = {
  ledger: consoleMemberLedger,
  deposits: consoleMemberDeposits,
  withdrawals: consoleMemberWithdrawals,
  validBets: consoleMemberValidBets,
  lotteryOrders: consoleMemberLotteryOrders,
  rebates: consoleMemberRebates,
  logins: consoleMemberLogins,
} as const;
export type MemberListKind = keyof typeof MEMBER_LISTS;

export interface ListPage<T> {
  total: number;
  items: T[];
}

export const memberListQuery = <T>(kind: MemberListKind, id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...MEMBER_KEY, 'list', kind, id, page, pageSize],
    queryFn: async () =>
      (await callApi(MEMBER_LISTS[kind] as ConsoleCallDef, { id, page, pageSize })) as ListPage<T>,
    placeholderData: keepPreviousData,
  });
