import type { createFeeBodySchema, Fee, updateFeeBodySchema } from '@parking-hub/contracts/packages';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usePackageMutation } from './use-package-mutation';

export type CreateFeeInput = z.input<typeof createFeeBodySchema>;
export type UpdateFeeInput = z.input<typeof updateFeeBodySchema>;

/** POST /v1/fees/create */
export function createFee(body: CreateFeeInput) {
  return api.post<Fee>('/v1/fees/create', body);
}

/** POST /v1/fees/update: names, amount, active (the code stays). */
export function updateFee(body: UpdateFeeInput) {
  return api.post<Fee>('/v1/fees/update', body);
}

export const useCreateFee = () => usePackageMutation(createFee);
export const useUpdateFee = () => usePackageMutation(updateFee);
