import { consoleMemberTags } from '@app/contract/console-annotations';
import { consoleMessageBatches, consoleSegments } from '@app/contract/console-segments';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { callApiReply, errorMessage } from '@/shared/api';

/** Every query of this feature starts with this key: a write reads them all again. */
export const OUTREACH_KEY = ['console', 'outreach'] as const;

export const segmentsQuery = () =>
  queryOptions({
    queryKey: [...OUTREACH_KEY, 'segments'],
    queryFn: async () => (await callApiReply(consoleSegments, {})).data,
  });

/** The member tags, to name a segment's tag filter (only for a role that may read them). */
export const memberTagsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...OUTREACH_KEY, 'tags'],
    queryFn: async () => (await callApiReply(consoleMemberTags, {})).data,
    enabled,
  });

export const batchesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...OUTREACH_KEY, 'batches', page, pageSize],
    queryFn: async () => (await callApiReply(consoleMessageBatches, { page, pageSize })).data,
    placeholderData: keepPreviousData,
  });

/**
 * A write of this feature: the server's message shown on success, then every query of the feature
 * read again. A refusal goes to `refused` (to show on a field) or, without it, as an error message.
 */
export function useOutreachWrite<C extends CallDef>(
  call: C,
  opts: {
    /** Shown when the server's reply carries no message of its own. */
    success?: string;
    done?: (data: DataOf<C>) => void;
    refused?: (message: string) => boolean;
  } = {},
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApiReply(call, input),
    onSuccess: async (reply) => {
      const text = reply.message && reply.message !== '成功' ? reply.message : opts.success;
      if (text) void message.success(text);
      opts.done?.(reply.data);
      await queryClient.invalidateQueries({ queryKey: OUTREACH_KEY });
    },
    onError: (err) => {
      const text = errorMessage(err);
      if (!opts.refused?.(text)) void message.error(text);
    },
  });
}
