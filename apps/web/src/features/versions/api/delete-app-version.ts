import { api } from '../../../lib/api-client';
import { useVersionMutation } from './use-version-mutation';

/** DELETE /v1/app/info/delete/{id}: the release is withdrawn; the check answers the one before it. */
export function deleteAppVersion(id: string) {
  return api.delete<{ id: string }>(`/v1/app/info/delete/${encodeURIComponent(id)}`);
}

export const useDeleteAppVersion = () => useVersionMutation(deleteAppVersion);
