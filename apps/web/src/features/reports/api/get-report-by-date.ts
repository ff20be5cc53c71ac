import type { ReportByDate, ReportRangeBody } from '@parking-hub/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { postReport, reportQueryOptions } from './post-report';

const PATH = '/v1/report/bill/date';

/** POST /v1/report/bill/date: every day of the period, by vehicle, and the totals. */
export const getReportByDate = (body: ReportRangeBody, signal?: AbortSignal) =>
  postReport<ReportByDate>(PATH, body, signal);

export function useReportByDate(body: ReportRangeBody) {
  return useQuery(reportQueryOptions(PATH, body, (signal) => getReportByDate(body, signal)));
}
