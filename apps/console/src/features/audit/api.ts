import { consoleAudit } from '@app/contract/console-admin';
import type { RequestOf } from '@app/contract/define';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api';

export type AuditFilters = Omit<RequestOf<typeof consoleAudit>, 'page' | 'pageSize'>;

/** A page of the audit log (the previous page stays on screen while the next one loads). */
export const auditQuery = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['console', 'audit', filters, page, pageSize],
    queryFn: () => callApi(consoleAudit, { ...filters, page, pageSize }),
    placeholderData: keepPreviousData,
  });
