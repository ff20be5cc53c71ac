import type { ReportByMonth, ReportRangeBody } from '@parking-hub/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { postReport, reportQueryOptions } from './post-report';

const PATH = '/v1/report/bill/month';

/** POST /v1/report/bill/month: every month the period touches, by vehicle, and the totals. */
export const getReportByMonth = (body: ReportRangeBody, signal?: AbortSignal) =>
  postReport<ReportByMonth>(PATH, body, signal);

export function useReportByMonth(body: ReportRangeBody) {
  return useQuery(reportQueryOptions(PATH, body, (signal) => getReportByMonth(body, signal)));
}
