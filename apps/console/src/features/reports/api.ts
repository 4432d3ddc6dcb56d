import { consoleProtectionReport } from '@app/contract/console-protection';
import {
  consoleReportActivities,
  consoleReportDaily,
  consoleReportOperators,
  consoleReportSummary,
} from '@app/contract/console-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

export const reportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['console', 'reports', { from, to }],
    queryFn: () => callApi(consoleReportSummary, { from, to }),
    placeholderData: keepPreviousData,
  });

export const dailyQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['console', 'reports', 'daily', { from, to }],
    queryFn: () => callApi(consoleReportDaily, { from, to }),
    placeholderData: keepPreviousData,
  });

export const operatorsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['console', 'reports', 'operators', { from, to }],
    queryFn: () => callApi(consoleReportOperators, { from, to }),
    placeholderData: keepPreviousData,
  });

export const activitiesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['console', 'reports', 'activities', { from, to }],
    queryFn: () => callApi(consoleReportActivities, { from, to }),
    placeholderData: keepPreviousData,
  });

/** 责任博彩: members near a limit, and time-outs and exclusions per day. */
export const protectionReportQuery = () =>
  queryOptions({
    queryKey: ['console', 'reports', 'protection'],
    queryFn: () => callApi(consoleProtectionReport, {}),
  });
