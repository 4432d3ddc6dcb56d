import { AVATAR_FILE_FIELD, changePassword, updateProfile, uploadAvatar } from '@app/contract/member';
import type { RequestOf } from '@app/contract/define';
import { serviceUrl } from '@app/contract/site';
import { changePayPassword, venueBalances } from '@app/contract/wallet';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { sessionQueries } from '@/shared/session/api';
import type { PasswordKind } from './rules';

export const profileQueries = {
  all: () => ['profile'] as const,
  /** Customer-service chat address (the headset icon of /mine opens it). */
  serviceUrl: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'serviceUrl'] as const,
      queryFn: ({ signal }) => call(serviceUrl, undefined, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Venues for the platform filter of /betRecord. */
  venues: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'venues'] as const,
      queryFn: ({ signal }) => call(venueBalances, undefined, { signal }),
      staleTime: 5 * 60_000,
    }),
};

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

/** editPassword (login) or editPayPassword (withdrawal): `password` the old one, `paypassword` the new. */
export function useChangePassword(kind: PasswordKind) {
  return useMutation({
    mutationFn: (input: { password: string; paypassword: string }) =>
      send(kind === 'login' ? changePassword : changePayPassword, input),
  });
}
