import type { DeletePackageResult } from '@parking-hub/contracts/packages';
import { api } from '../../../lib/api-client';
import { usePackageMutation } from './use-package-mutation';

/** POST /v1/packages/delete: deleted when no shop ever had it, else deactivated (the answer says which). */
export function deletePackage(id: string) {
  return api.post<DeletePackageResult>('/v1/packages/delete', { id });
}

export const useDeletePackage = () => usePackageMutation(deletePackage);
