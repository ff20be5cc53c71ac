import type { Bill, CheckoutBody } from '@parking-hub/contracts/bills';
import { api } from '../../../lib/api-client';
import { useBillMutation } from './use-bill-mutation';

export interface CheckOutInput extends Pick<CheckoutBody, 'id' | 'paymentMethod' | 'expectedTotal'> {
  /** A lost ticket: the bill closes as LOST with the lost-ticket fee added. */
  lost?: boolean;
}

/** POST /v1/bill/checkout or /v1/bill/lost: the server computes the fee and closes the bill. */
export function checkOutBill({ lost, ...body }: CheckOutInput) {
  return api.post<Bill>(lost ? '/v1/bill/lost' : '/v1/bill/checkout', body);
}

export const useCheckOutBill = () => useBillMutation(checkOutBill);
