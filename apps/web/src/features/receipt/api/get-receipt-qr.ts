import { useQuery } from '@tanstack/react-query';
import { genQr } from '../../../lib/gen-qr';

/**
 * Keyed by the fee shown: the amount is inside the QR, so a new period means a new QR. If the
 * server's amount lags the page's by a second at a period's start, it is asked again shortly.
 */
export function useReceiptQr(reference: string, total: number, enabled: boolean) {
  return useQuery({
    queryKey: ['receipt', reference, 'qr', total],
    queryFn: ({ signal }) => genQr({ reference }, signal),
    enabled: enabled && total > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.amount !== total ? 5_000 : false),
  });
}
