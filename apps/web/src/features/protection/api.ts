import type { RequestOf } from '@app/contract/define';
import {
  confirmPlayLimit,
  playSession,
  setPlayLimit,
  setRealityCheck,
  takeBreak,
  type Protection,
} from '@app/contract/protection';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from '@/shared/api/client';
import { protectionQueries } from '@/shared/queries/protection';

/** Every call answers the whole state again: it replaces the cached one. */
function useProtectionCall<I>(run: (input: I) => Promise<{ data: Protection; message: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ data }) => qc.setQueryData(protectionQueries.state().queryKey, data),
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

/** This sign-in session so far (the reality check reads it fresh each time). */
export const playSessionQuery = () =>
  queryOptions({
    queryKey: ['protection', 'session'] as const,
    queryFn: ({ signal }) => call(playSession, {}, { signal }),
    staleTime: 0,
  });
