import {
  consoleCreateActivity,
  consoleEnableActivity,
  consolePromoActivities,
  consolePromoVipLevels,
  consoleUpdateActivity,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
} from '@app/contract/console-promo';
import type { RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi, errorMessage } from '@/shared/api';

export const activitiesQuery = queryOptions({
  queryKey: ['console', 'promo', 'activities'],
  queryFn: () => callApi(consolePromoActivities, {}),
});

export const vipLevelsQuery = queryOptions({
  queryKey: ['console', 'promo', 'vip-levels'],
  queryFn: () => callApi(consolePromoVipLevels, {}),
});

/** A promo write: the server's message shown, its refusal shown, the list (and the audit log) read again. */
function usePromoWrite<V, R>(key: QueryKey, fn: (v: V) => Promise<R>, done?: (r: R) => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => done?.(r),
    onError: (err) => message.error(errorMessage(err)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

export type ActivityValues = RequestOf<typeof consoleCreateActivity>;

/** Creates (no id) or saves (id) an activity. */
export const useSaveActivity = (done: () => void) =>
  usePromoWrite(
    activitiesQuery.queryKey,
    (v: { id: number | null; values: ActivityValues }) =>
      v.id === null
        ? callApi(consoleCreateActivity, v.values)
        : callApi(consoleUpdateActivity, { ...v.values, id: v.id }),
    done,
  );

export const useEnableActivity = () =>
  usePromoWrite(activitiesQuery.queryKey, (v: RequestOf<typeof consoleEnableActivity>) =>
    callApi(consoleEnableActivity, v),
  );

export const useSaveRebateRates = (done: () => void) =>
  usePromoWrite(
    vipLevelsQuery.queryKey,
    (v: RequestOf<typeof consoleUpdateRebateRates>) => callApi(consoleUpdateRebateRates, v),
    done,
  );

export const useSaveVipLevels = (done: () => void) =>
  usePromoWrite(
    vipLevelsQuery.queryKey,
    (v: RequestOf<typeof consoleUpdateVipLevels>) => callApi(consoleUpdateVipLevels, v),
    done,
  );
