import { login, register } from '@app/contract/auth-forms';
import { changePassword, MSG_PASSWORD_CHANGED } from '@app/contract/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { protectionQueries } from '@/shared/queries/protection';
import { completeSignIn, sessionQueries } from '@/shared/session/api';
import { deviceId } from '@/shared/session/device';
import { sessionActions, useSession } from '@/shared/session/store';
import { showToast } from '@/shared/ui/toast';

export interface LoginInput {
  name: string;
  password: string;
  /** 自动登录: keep the token for new tabs too. */
  remember: boolean;
}

/**
 * Sign in, then load the member; the balance poll starts by itself. With a one-time password (the
 * member's must_change_password, loaded before the form moves on) the forced 修改登录密码 comes first.
 * Resolves with whether the member is in a time-out or a self-exclusion (责任博彩; false when that
 * cannot be read: the server refuses play anyway).
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password, remember }: LoginInput): Promise<{ onBreak: boolean }> => {
      const { token } = await call(login, { name: name.trim(), password, device_id: deviceId() });
      await completeSignIn(qc, token, remember);
      const state = await qc.fetchQuery(protectionQueries.state()).catch(() => null);
      return { onBreak: state?.break != null };
    },
  });
}

/**
 * editPassword from the forced screen: `password` the one-time password, `paypassword` the new one.
 * The session stays and the app goes on at once (the forced screen unmounts: the toast is said here).
 */
export function useChangeOneTimePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; paypassword: string }) => send(changePassword, input),
    onSuccess: () => {
      showToast(MSG_PASSWORD_CHANGED, 'success');
      // The member as kept, without the hold: the app goes on with this session at once.
      const kept = useSession.getState().user;
      if (kept) sessionActions.setUser({ ...kept, mustChangePassword: false });
      void qc.invalidateQueries({ queryKey: sessionQueries.all() });
    },
  });
}

export interface RegisterInput {
  name: string;
  password: string;
  confirm: string;
  code: string;
  pid: string;
  invite: string;
}

/**
 * Registration also signs in (the reply carries api_token); resolves with the server's message. The
 * intent's key makes a repeat of it sign in to the account it created (server: registration-key.ts).
 */
export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ form, intentKey }: { form: RegisterInput; intentKey: string }) => {
      const body = {
        name: form.name.trim(),
        realname: '',
        password: form.password,
        confirmPass: form.confirm,
        // Spec §6: on this variant the login password doubles as the payment password.
        paypassword: form.password,
        code: form.code.trim(),
        pid: form.pid.trim(),
        // Only with an agent's invite link (our addition): other back ends of the family never see it.
        ...(form.invite.trim() ? { invite_code: form.invite.trim() } : {}),
        device_id: deviceId(),
      };
      const { data, message } = await send(register, body, { idempotencyKey: intentKey });
      await completeSignIn(qc, data.token, false);
      return message;
    },
  });
}
