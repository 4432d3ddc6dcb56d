import { consoleReportSummary } from '@app/contract/console-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

export const reportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['console', 'reports', { from, to }],
    queryFn: () => callApi(consoleReportSummary, { from, to }),
    placeholderData: keepPreviousData,
  });
