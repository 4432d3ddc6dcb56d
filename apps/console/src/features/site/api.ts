import type { CallDef, DataOf, RequestOf } from '@app/contract/define';
import { consoleRedPackets, consoleSiteSettings } from '@app/contract/console-site';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

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
 * straight into the query, so the screen shows what the server saved.
 */
export function useSiteWrite<C extends CallDef>(
  call: C,
  target: 'settings' | 'redPackets',
  onDone?: (data: DataOf<C>) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<C>) => callApi(call, input),
    onSuccess: (data) => {
      queryClient.setQueryData(target === 'settings' ? SETTINGS_KEY : RED_PACKETS_KEY, data);
      onDone?.(data);
    },
  });
}
