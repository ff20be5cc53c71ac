import type {
  createPackageBodySchema,
  Package,
  updatePackageBodySchema,
} from '@parking-hub/contracts/packages';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usePackageMutation } from './use-package-mutation';

export type CreatePackageInput = z.input<typeof createPackageBodySchema>;
export type UpdatePackageInput = z.input<typeof updatePackageBodySchema>;

/** POST /v1/packages/create */
export function createPackage(body: CreatePackageInput) {
  return api.post<Package>('/v1/packages/create', body);
}

/** POST /v1/packages/update: only the fields sent change. */
export function updatePackage(body: UpdatePackageInput) {
  return api.post<Package>('/v1/packages/update', body);
}

export const useCreatePackage = () => usePackageMutation(createPackage);
export const useUpdatePackage = () => usePackageMutation(updatePackage);
