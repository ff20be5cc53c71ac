import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { CancelledBill, ReportCancel, ReportCancelBody } from '@parking-hub/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { postPagedReport, reportQueryOptions } from './post-report';

const PATH = '/v1/report/bill/cancel';
export const CANCEL_EXPORT_PAGE_SIZE = 100;

/** POST /v1/report/bill/cancel: totals, by staff, by date, and one page of the cancelled bills. */
export const getCancelReport = (body: ReportCancelBody, signal?: AbortSignal) =>
  postPagedReport<ReportCancel>(PATH, body, signal);

export function useCancelReport(body: ReportCancelBody) {
  return useQuery(reportQueryOptions(PATH, body, (signal) => getCancelReport(body, signal)));
}

/** Every cancelled bill of the period, page after page at the largest page size (for export). */
export async function getAllCancelledBills(
  body: Omit<ReportCancelBody, 'page' | 'pageSize'>,
): Promise<CancelledBill[]> {
  const bills: CancelledBill[] = [];
  let meta: PageMeta | undefined;
  for (let page = 1; !meta || page <= meta.totalPages; page++) {
    const answer = await getCancelReport({ ...body, page, pageSize: CANCEL_EXPORT_PAGE_SIZE });
    bills.push(...answer.data.bills);
    meta = answer.meta;
    if (!meta || answer.data.bills.length === 0) break;
  }
  return bills;
}
