import type { ReportCustomers, ReportCustomersBody } from '@parking-hub/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { postReport, reportQueryOptions } from './post-report';

const PATH = '/v1/report/customer-important';

/** POST /v1/report/customer-important: plates that came back at least minVisits times. */
export const getCustomersReport = (body: ReportCustomersBody, signal?: AbortSignal) =>
  postReport<ReportCustomers>(PATH, body, signal);

export function useCustomersReport(body: ReportCustomersBody) {
  return useQuery(reportQueryOptions(PATH, body, (signal) => getCustomersReport(body, signal)));
}
