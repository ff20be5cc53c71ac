import type { BillTimeline } from '@parking-hub/contracts/bills';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { billKeys } from '../../../lib/query-keys';

/** POST /v1/bill/timeline: check-in, prints, corrections, check-out or lost, cancellation. */
export async function getBillTimeline(id: string, signal?: AbortSignal): Promise<BillTimeline> {
  return dataOf(await api.post<BillTimeline>('/v1/bill/timeline', { id }, { signal }));
}

export function useBillTimeline(id: string) {
  return useQuery({
    queryKey: billKeys.timeline(id),
    queryFn: ({ signal }) => getBillTimeline(id, signal),
  });
}
