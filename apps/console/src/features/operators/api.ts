import {
  consoleCreateOperator,
  consoleOperators,
  consoleResetOperator,
  consoleUpdateOperator,
} from '@app/contract/console-admin';
import type { RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi, errorMessage } from '@/shared/api';

export const operatorsQuery = queryOptions({
  queryKey: ['console', 'operators'],
  queryFn: () => callApi(consoleOperators),
});

/** A write on operators: the list (and the audit log) read again after it, its refusal shown. */
function useOperatorWrite<V, R>(fn: (v: V) => Promise<R>, done?: (r: R) => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => done?.(r),
    onError: (err) => message.error(errorMessage(err)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

type Created = Awaited<ReturnType<typeof callApi<typeof consoleCreateOperator>>>;

export const useCreateOperator = (done: (r: Created) => void) =>
  useOperatorWrite((v: RequestOf<typeof consoleCreateOperator>) => callApi(consoleCreateOperator, v), done);

export const useUpdateOperator = (done?: () => void) =>
  useOperatorWrite((v: RequestOf<typeof consoleUpdateOperator>) => callApi(consoleUpdateOperator, v), done);

export const useResetOperator = (done: (r: Created) => void) =>
  useOperatorWrite((id: number) => callApi(consoleResetOperator, { id }), done);
