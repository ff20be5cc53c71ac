import type { MembersReport, MembersReportBody } from '@parking-hub/contracts/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** POST /v1/membership/report: one shop or every shop in scope, over a period of business days. */
export async function getMembersReport(body: MembersReportBody, signal?: AbortSignal) {
  return dataOf(await api.post<MembersReport>('/v1/membership/report', body, { signal }));
}

export function useMembersReport(body: MembersReportBody) {
  return useQuery({
    queryKey: memberKeys.report(body),
    queryFn: ({ signal }) => getMembersReport(body, signal),
    placeholderData: keepPreviousData,
  });
}
