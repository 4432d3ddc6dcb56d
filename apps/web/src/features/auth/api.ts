import { login, register } from '@app/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { completeSignIn } from '@/shared/session/api';

export interface LoginInput {
  name: string;
  password: string;
  /** 自动登录: keep the token for new tabs too. */
  remember: boolean;
}

/** Sign in, then load the member; the balance poll starts by itself. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password, remember }: LoginInput) => {
      const { token } = await call(login, { name: name.trim(), password });
      await completeSignIn(qc, token, remember);
    },
  });
}

export interface RegisterInput {
  name: string;
  password: string;
  confirm: string;
  code: string;
  pid: string;
}

/** Registration also signs in (the reply carries api_token); resolves with the server's message. */
export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (form: RegisterInput) => {
      const { data, message } = await send(register, {
        name: form.name.trim(),
        realname: '',
        password: form.password,
        confirmPass: form.confirm,
        // Spec §6: on this variant the login password doubles as the payment password.
        paypassword: form.password,
        code: form.code.trim(),
        pid: form.pid.trim(),
      });
      await completeSignIn(qc, data.token, false);
      return message;
    },
  });
}
