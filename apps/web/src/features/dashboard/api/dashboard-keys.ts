import type { ReportBalanceBody, ReportRangeBody } from '@parking-hub/contracts/reports';

/**
 * The dashboard's report answers, under a 'reports' root so that anything invalidating every
 * report (a check-out, a cancellation) refreshes these too.
 */
export const dashboardKeys = {
  all: ['reports', 'dashboard'] as const,
  balance: (day: BalanceDay, body: Partial<ReportBalanceBody>) =>
    [...dashboardKeys.all, 'balance', day, body] as const,
  chart: (body: Partial<ReportRangeBody>) => [...dashboardKeys.all, 'chart', body] as const,
};

export type BalanceDay = 'today' | 'yesterday';

/** The calls behind the dashboard (POST), shared by its queries and their prefetch. */
export const DASHBOARD_PATHS = {
  today: '/v1/report/balance-for-shop',
  yesterday: '/v1/report/balance-yesterday',
  chart: '/v1/report/chart',
} as const;
