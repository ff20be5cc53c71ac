import type { FinanceReport, FinanceReportBody } from '@parking-hub/contracts/finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

export const accountingKeys = {
  all: ['accounting'] as const,
  report: (body: FinanceReportBody) => [...accountingKeys.all, 'report', body] as const,
  settings: () => [...accountingKeys.all, 'settings'] as const,
};

/** POST /v1/reports/finance (admins): per month and per agent, with totals and wallet balances now. */
export async function getFinanceReport(body: FinanceReportBody, signal?: AbortSignal) {
  return dataOf(await api.post<FinanceReport>('/v1/reports/finance', body, { signal }));
}

export function useFinanceReport(body: FinanceReportBody) {
  return useQuery({
    queryKey: accountingKeys.report(body),
    queryFn: ({ signal }) => getFinanceReport(body, signal),
    placeholderData: keepPreviousData,
  });
}
