import type { CheckInResult, CreateBillBody } from '@parking-hub/contracts/bills';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billKeys } from '../../../lib/query-keys';
import { reportKeys } from '../../reports/api/report-keys';

/**
 * POST /v1/bill/create: a check-in. `requestId` is made once per tap and sent again unchanged on
 * a retry, so the server makes one bill however often the call is repeated. The answer names the
 * member the card number or plate belongs to, if any (valid: the stay is free).
 */
export function createBill(body: CreateBillBody & { requestId: string }) {
  return api.post<CheckInResult>('/v1/bill/create', body);
}

/** After a check-in or check-out the gate's counters (reports) and any bill list refetch. */
export function useRefreshGate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    void queryClient.invalidateQueries({ queryKey: billKeys.all });
  };
}

export function useCreateBill() {
  const refresh = useRefreshGate();
  return useMutation({ mutationFn: createBill, onSuccess: refresh });
}
