import type { PublicBill } from '@parking-hub/contracts/bills';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { clockOffset } from '../live-fee';

/** The server is asked again this often while the page is open (and when the tab comes back). */
export const RECEIPT_REFRESH_MS = 60_000;

export interface Receipt {
  bill: PublicBill;
  /** Add to Date.now() to get the server's time (the phone's clock may be off). */
  offsetMs: number;
}

/** GET /v1/public/bills/{reference}: the customer's e-receipt, no sign-in, no staff names or ids. */
export async function getPublicBill(reference: string, signal?: AbortSignal): Promise<Receipt> {
  const path = `/v1/public/bills/${encodeURIComponent(reference)}`;
  const bill = dataOf(await api.get<PublicBill>(path, { signal }));
  return { bill, offsetMs: clockOffset(bill.serverTime, Date.now()) };
}

export function usePublicBill(reference: string) {
  return useQuery({
    queryKey: ['receipt', reference],
    queryFn: ({ signal }) => getPublicBill(reference, signal),
    refetchInterval: RECEIPT_REFRESH_MS,
    // A customer comes back to the tab after a while: the bill may have been closed meanwhile.
    refetchOnWindowFocus: true,
  });
}
