import type { AuditEvent, ListAuditBody } from '@parking-hub/contracts/audit';
import type { CursorPageMeta } from '@parking-hub/contracts/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditKeys } from '../../../lib/query-keys';

export type AuditFilters = Partial<ListAuditBody>;

/** POST /v1/report/last-action: audit events, newest first (`cursor`: meta.nextCursor); from/to are 'YYYY-MM-DD' in Asia/Vientiane. */
export function getAuditEvents(filters: AuditFilters, signal?: AbortSignal) {
  return api.post<AuditEvent[], CursorPageMeta>('/v1/report/last-action', filters, { signal });
}

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => getAuditEvents(filters, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled: false` while the filters are invalid (a date range backwards): nothing is asked. */
export function useAuditEvents(filters: AuditFilters, enabled = true) {
  return useQuery({ ...auditEventsQueryOptions(filters), enabled });
}
