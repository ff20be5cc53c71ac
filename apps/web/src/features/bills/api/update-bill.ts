import type { Bill, updateBillBodySchema } from '@parking-hub/contracts/bills';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useBillMutation } from './use-bill-mutation';

export type UpdateBillInput = z.input<typeof updateBillBodySchema>;

/** POST /v1/bills/update: cancel (reason required) or correct the plate or vehicle type. */
export function updateBill(body: UpdateBillInput) {
  return api.post<Bill>('/v1/bills/update', body);
}

export const useUpdateBill = () => useBillMutation(updateBill);
