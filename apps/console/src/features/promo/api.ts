import { isReviewTicket } from '@app/contract/console-approvals';
import {
  consoleCreateActivity,
  consoleEnableActivity,
  consolePromoActivities,
  consoleUpdateActivity,
  consoleUpdateRebateRates,
  consoleUpdateVipLevels,
} from '@app/contract/console-promo';
import type { RequestOf } from '@app/contract/define';
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi, callApiReply, errorMessage } from '@/shared/api';
import { vipLevelsQuery } from '@/shared/promoCosts';

export const activitiesQuery = queryOptions({
  queryKey: ['console', 'promo', 'activities'],
  queryFn: () => callApi(consolePromoActivities, {}),
});

/**
 * A promo write: its refusal shown, the list (and the audit log) read again. A write made from a form
 * (`toast` false) leaves the refusal to the form, which keeps it on screen beside what was typed (the
 * server's refusals can be long: a promotion worth more than 0 names its figure and what to change).
 */
function usePromoWrite<V, R>(key: QueryKey, fn: (v: V) => Promise<R>, done?: (r: R) => void, toast = true) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => done?.(r),
    onError: (err) => {
      if (toast) void message.error({ content: errorMessage(err), duration: 8 });
    },
    onSettled: (_r, err) => {
      // A form's refused save changed nothing: its form keeps what was typed, to be corrected.
      if (err && !toast) return;
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

export type ActivityValues = RequestOf<typeof consoleCreateActivity>;

/**
 * Creates (no id) or saves (id) an activity. `done` has the server's message: a bonus cap above the
 * review amount answers a 待复核 ticket (`ticket`), and nothing changes until a 财务 approves it.
 */
export const useSaveActivity = (done: (r: { ticket: boolean; message: string }) => void) =>
  usePromoWrite(
    activitiesQuery.queryKey,
    async (v: { id: number | null; values: ActivityValues }) => {
      const r =
        v.id === null
          ? await callApiReply(consoleCreateActivity, v.values)
          : await callApiReply(consoleUpdateActivity, { ...v.values, id: v.id });
      return { ticket: isReviewTicket(r.data), message: r.message };
    },
    done,
    false,
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
    false,
  );

export const useSaveVipLevels = (done: () => void) =>
  usePromoWrite(
    vipLevelsQuery.queryKey,
    (v: RequestOf<typeof consoleUpdateVipLevels>) => callApi(consoleUpdateVipLevels, v),
    done,
    false,
  );
