import type { ReportPaymentByStaff, ReportPaymentByStaffBody } from '@parking-hub/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { postReport, reportQueryOptions } from './post-report';

const PATH = '/v1/report/payment-by-staff';

/** POST /v1/report/payment-by-staff: each staff member's takings; `counted` cash gets a difference. */
export const getPaymentByStaff = (body: ReportPaymentByStaffBody, signal?: AbortSignal) =>
  postReport<ReportPaymentByStaff>(PATH, body, signal);

export function usePaymentByStaff(body: ReportPaymentByStaffBody) {
  return useQuery(reportQueryOptions(PATH, body, (signal) => getPaymentByStaff(body, signal)));
}
