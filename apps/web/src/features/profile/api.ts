import { AVATAR_FILE_FIELD, changePassword, updateProfile, uploadAvatar } from '@app/contract/member';
import type { RequestOf } from '@app/contract/define';
import { changePayPassword } from '@app/contract/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '@/shared/api/client';
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

/** editPassword (login) or editPayPassword (withdrawal): `password` the old one, `paypassword` the new. */
export function useChangePassword(kind: PasswordKind) {
  return useMutation({
    mutationFn: (input: { password: string; paypassword: string }) =>
      send(kind === 'login' ? changePassword : changePayPassword, input),
  });
}
