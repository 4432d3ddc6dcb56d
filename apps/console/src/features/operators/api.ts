import {
  consoleCreateOperator,
  consoleOperators,
  consoleResetOperator,
  consoleUpdateOperator,
} from '@app/contract/console-admin';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi, callApiReply, errorMessage, type Reply } from '@/shared/api';

export const operatorsQuery = queryOptions({
  queryKey: ['console', 'operators'],
  queryFn: () => callApi(consoleOperators),
});

/** A write on operators (with the server's message): the list (and the audit log) read again after it. */
function useOperatorWrite<V, R>(fn: (v: V) => Promise<Reply<R>>, done?: (r: R, message: string) => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => done?.(r.data, r.message),
    onError: (err) => message.error(errorMessage(err)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
      void queryClient.invalidateQueries({ queryKey: ['console', 'approvals'] });
    },
  });
}

type Done<C extends CallDef> = (r: DataOf<C>, message: string) => void;

/** Always a 待复核 ticket: another 超级管理员 approves it and is shown the one-time password. */
export const useCreateOperator = (done: Done<typeof consoleCreateOperator>) =>
  useOperatorWrite(
    (v: RequestOf<typeof consoleCreateOperator>) => callApiReply(consoleCreateOperator, v),
    done,
  );

/** Disabling or enabling applies at once (the operator); a role change answers a 待复核 ticket. */
export const useUpdateOperator = (done?: Done<typeof consoleUpdateOperator>) =>
  useOperatorWrite(
    (v: RequestOf<typeof consoleUpdateOperator>) => callApiReply(consoleUpdateOperator, v),
    done,
  );

/** Always a 待复核 ticket, like creating one. */
export const useResetOperator = (done: Done<typeof consoleResetOperator>) =>
  useOperatorWrite((id: number) => callApiReply(consoleResetOperator, { id }), done);
