import type { BillLocator, BillWithFee } from '@parking-hub/contracts/bills';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { billKeys } from '../../../lib/query-keys';

/** How often an open parked bill asks for its fee again (the fee grows with the stay). */
export const FEE_REFRESH_MS = 30_000;

/** POST /v1/bill/find: a bill by id, by reference (typed, scanned, or a receipt URL) or number. */
export async function findBill(locator: BillLocator, signal?: AbortSignal): Promise<BillWithFee> {
  return dataOf(await api.post<BillWithFee>('/v1/bill/find', locator, { signal }));
}

/** The bill of the detail dialog and, while parked, its fee now (refreshed every 30 s). */
export function useBillDetail(id: string) {
  return useQuery({
    queryKey: billKeys.detail(id),
    queryFn: ({ signal }) => findBill({ id }, signal),
    refetchInterval: (query) => (query.state.data?.bill.status === 'PARKED' ? FEE_REFRESH_MS : false),
  });
}

/** The scan box: find by what was scanned, and hand the answer to the detail so it shows at once. */
export function useScanBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locator: BillLocator) => findBill(locator),
    onSuccess: (found) => queryClient.setQueryData(billKeys.detail(found.bill.id), found),
  });
}
