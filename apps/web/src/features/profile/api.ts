import {
  AVATAR_FILE_FIELD,
  betRecords,
  changePassword,
  updateProfile,
  uploadAvatar,
} from '@app/contract/member';
import type { DateFilter } from '@app/contract/enums';
import type { RequestOf } from '@app/contract/define';
import { changePayPassword } from '@app/contract/withdrawals';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';
import type { PasswordKind } from './rules';

/** Reloads the member (spec §7: uploadimg and updateuserinfo are followed by a user reload). */
function useReloadUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sessionQueries.user().queryKey });
}

/** uploadimg: the picture as the multipart field `file`; then the member is reloaded. */
export function useUploadAvatar() {
  const reload = useReloadUser();
  return useMutation({
    mutationFn: (file: File) => send(uploadAvatar, { [AVATAR_FILE_FIELD]: file }),
    onSuccess: () => reload(),
  });
}

export function useUpdateProfile() {
  const reload = useReloadUser();
  return useMutation({
    mutationFn: (input: RequestOf<typeof updateProfile>) => send(updateProfile, input),
    onSuccess: () => reload(),
  });
}

/**
 * editPassword (login) or editPayPassword (withdrawal): `password` the old one, `paypassword` the new.
 * The member is reloaded after a payment-password change (a one-time one no longer holds withdrawals).
 */
export function useChangePassword(kind: PasswordKind) {
  const reload = useReloadUser();
  return useMutation({
    mutationFn: (input: { password: string; paypassword: string }) =>
      send(kind === 'login' ? changePassword : changePayPassword, input),
    onSuccess: () => {
      if (kind !== 'login') void reload();
    },
  });
}

/** A page of the member's bets (the list's and 导出CSV's). */
export const readBets = (date: DateFilter, venue: string, page: number, signal?: AbortSignal) =>
  call(betRecords, { date, page, api_type: venue }, { signal });

/**
 * betrecord: the member's bets by date filter and venue ('' all), page after page as one scroll.
 * Bets settle at draws, not by this app: each visit reads the server (no page kept once left).
 */
export const betRecordQueries = {
  all: () => ['betRecords'] as const,
  list: (date: DateFilter, venue: string) =>
    infiniteQueryOptions({
      queryKey: [...betRecordQueries.all(), date, venue] as const,
      queryFn: async ({ pageParam, signal }) => ({
        page: pageParam,
        ...(await readBets(date, venue, pageParam, signal)),
      }),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.data.length, 0);
        return last.data.length > 0 && loaded < last.total ? last.page + 1 : undefined;
      },
      staleTime: 0,
      gcTime: 0,
    }),
};
