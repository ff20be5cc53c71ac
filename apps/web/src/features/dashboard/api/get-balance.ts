import type { ReportBalance, ReportBalanceBody } from '@parking-hub/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { takePrefetched } from '../../../lib/prefetch';
import { type BalanceDay, DASHBOARD_PATHS, dashboardKeys } from './dashboard-keys';

/** The dashboard follows the gate: it asks again every minute while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * POST /v1/report/balance-for-shop (today) and /v1/report/balance-yesterday: each shop's own day
 * (its zone, or its business day by closing), per vehicle type, with the vehicles inside now.
 * The first one may have been asked already while the dashboard loaded (prefetch-dashboard.ts).
 */
export async function getBalance(day: BalanceDay, body: ReportBalanceBody, signal?: AbortSignal) {
  const path = DASHBOARD_PATHS[day];
  return dataOf(await takePrefetched(path, body, () => api.post<ReportBalance>(path, body, { signal })));
}

export const balanceQueryOptions = (day: BalanceDay, body: ReportBalanceBody) =>
  queryOptions({
    queryKey: dashboardKeys.balance(day, body),
    queryFn: ({ signal }) => getBalance(day, body, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export function useBalance(day: BalanceDay, body: ReportBalanceBody) {
  return useQuery(balanceQueryOptions(day, body));
}
