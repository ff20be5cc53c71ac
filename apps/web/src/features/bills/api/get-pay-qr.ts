import type { GenQrBody } from '@parking-hub/contracts/bills';
import { useQuery } from '@tanstack/react-query';
import { genQr } from '../../../lib/gen-qr';
import { billKeys } from '../../../lib/query-keys';

/** The QR for `amount` (part of the key: the amount is inside the QR, so a new fee means a new QR). */
export function usePayQr(body: GenQrBody, amount: number, enabled: boolean) {
  return useQuery({
    queryKey: [...billKeys.all, 'pay-qr', body, amount],
    queryFn: ({ signal }) => genQr(body, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
