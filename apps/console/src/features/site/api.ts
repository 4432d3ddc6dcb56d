import { isReviewTicket } from '@app/contract/console-approvals';
import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { consoleRedPackets, consoleSiteSettings } from '@app/contract/console-site';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiReply } from '@/shared/api';

/** Every query of this feature: site settings and red packets. */
export const SITE_KEY = ['console', 'site'] as const;
const SETTINGS_KEY = [...SITE_KEY, 'settings'] as const;
const RED_PACKETS_KEY = [...SITE_KEY, 'redPackets'] as const;

export const siteSettingsQuery = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => callApi(consoleSiteSettings) });

export const redPacketsQuery = () =>
  queryOptions({ queryKey: RED_PACKETS_KEY, queryFn: () => callApi(consoleRedPackets) });

/**
 * A write whose reply is the screen's whole state (the settings or the red packets): the reply goes
 * straight into the query, so the screen shows what the server saved. A reply that is a 待复核 ticket
 * changed nothing yet: the screen keeps what it shows, and `onDone` gets the server's message.
 */
export function useSiteWrite<C extends CallDef>(
  call: C,
  target: 'settings' | 'redPackets',
  onDone?: (data: DataOf<C>, message: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApiReply(call, input),
    onSuccess: ({ data, message }) => {
      if (!isReviewTicket(data))
        queryClient.setQueryData(target === 'settings' ? SETTINGS_KEY : RED_PACKETS_KEY, data);
      onDone?.(data, message);
    },
  });
}
