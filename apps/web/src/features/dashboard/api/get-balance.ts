import type { ReportBalance, ReportBalanceBody } from '@parking-hub/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { type BalanceDay, dashboardKeys } from './dashboard-keys';

const PATHS: Record<BalanceDay, string> = {
  today: '/v1/report/balance-for-shop',
  yesterday: '/v1/report/balance-yesterday',
};

/** The dashboard follows the gate: it asks again every minute while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * POST /v1/report/balance-for-shop (today) and /v1/report/balance-yesterday: each shop's own day
 * (its zone, or its business day by closing), per vehicle type, with the vehicles inside now.
 */
export async function getBalance(day: BalanceDay, body: ReportBalanceBody, signal?: AbortSignal) {
  return dataOf(await api.post<ReportBalance>(PATHS[day], body, { signal }));
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
