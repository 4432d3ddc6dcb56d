import {
  consoleAddRiskWhitelist,
  consoleRemoveRiskWhitelist,
  consoleRiskSettings,
  consoleRiskWhitelist,
  consoleSaveRiskSettings,
  type RiskSettingsInput,
} from '@app/contract/console-risk';
import type { LinkKind } from '@app/contract/console-risk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

export const RISK_KEY = ['console', 'risk'] as const;

export const riskSettingsQuery = queryOptions({
  queryKey: [...RISK_KEY, 'settings'],
  queryFn: () => callApi(consoleRiskSettings, {}),
});

export const whitelistQuery = queryOptions({
  queryKey: [...RISK_KEY, 'whitelist'],
  queryFn: () => callApi(consoleRiskWhitelist, {}),
});

/** Saves the scoring settings (超级管理员) and reads them again. */
export function useSaveRiskSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RiskSettingsInput) => callApi(consoleSaveRiskSettings, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: RISK_KEY }),
  });
}

export function useWhitelistActions() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: [...RISK_KEY, 'whitelist'] });
  return {
    add: useMutation({
      mutationFn: (input: { kind: LinkKind; value: string; note: string }) =>
        callApi(consoleAddRiskWhitelist, input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi(consoleRemoveRiskWhitelist, { id }),
      onSuccess,
    }),
  };
}
