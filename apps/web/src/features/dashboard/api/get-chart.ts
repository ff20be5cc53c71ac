import type { ReportChart, ReportRangeBody } from '@parking-hub/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { takePrefetched } from '../../../lib/prefetch';
import { DASHBOARD_PATHS, dashboardKeys } from './dashboard-keys';
import { DASHBOARD_REFRESH_MS } from './get-balance';

/**
 * POST /v1/report/chart: every day of the period (zeros included), and the shops ranked by amount.
 * The first one may have been asked already while the dashboard loaded (prefetch-dashboard.ts).
 */
export async function getChart(body: ReportRangeBody, signal?: AbortSignal) {
  const path = DASHBOARD_PATHS.chart;
  return dataOf(await takePrefetched(path, body, () => api.post<ReportChart>(path, body, { signal })));
}

export const chartQueryOptions = (body: ReportRangeBody | null) =>
  queryOptions({
    queryKey: dashboardKeys.chart(body ?? {}),
    queryFn: ({ signal }) => getChart(body as ReportRangeBody, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
    enabled: body !== null,
  });

/** `null` while the period is not known yet (it ends on the shops' today). */
export function useChart(body: ReportRangeBody | null) {
  return useQuery(chartQueryOptions(body));
}
