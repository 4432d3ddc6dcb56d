import type { RequestOf } from '@app/contract/define';
import {
  confirmPlayLimit,
  setPlayLimit,
  setRealityCheck,
  setSessionLimit,
  confirmSessionLimit,
  takeBreak,
  type Protection,
} from '@app/contract/protection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '@/shared/api/client';
import { protectionQueries } from '@/shared/queries/protection';

/** Every call answers the whole state again: it replaces the cached one. */
function useProtectionCall<I>(
  run: (input: I) => Promise<{ data: Protection; message: string }>,
  { sessionToo = false } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ data }) => {
      qc.setQueryData(protectionQueries.state().queryKey, data);
      // A shorter session-time limit moves this session's end.
      if (sessionToo) void qc.invalidateQueries({ queryKey: protectionQueries.session().queryKey });
    },
  });
}

export const useSetLimit = () =>
  useProtectionCall((input: RequestOf<typeof setPlayLimit>) => send(setPlayLimit, input));

export const useConfirmLimit = () =>
  useProtectionCall((input: RequestOf<typeof confirmPlayLimit>) => send(confirmPlayLimit, input));

/** A time-out or an exclusion: the server ends every session of the member with it. */
export const useTakeBreak = () =>
  useMutation({ mutationFn: (input: RequestOf<typeof takeBreak>) => send(takeBreak, input) });

export const useSetRealityCheck = () =>
  useProtectionCall((minutes: number) => send(setRealityCheck, { minutes }));

export const useSetSessionLimit = () =>
  useProtectionCall((minutes: number) => send(setSessionLimit, { minutes }), { sessionToo: true });

export const useConfirmSessionLimit = () => useProtectionCall(() => send(confirmSessionLimit, {}));
