import type { Package } from '@parking-hub/contracts/packages';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { packageKeys } from '../../../lib/query-keys';

/** GET /v1/packages for the shop form's package choice (admins and agents read it). */
export async function getPackageOptions(signal?: AbortSignal): Promise<Package[]> {
  return dataOf(await api.get<Package[]>('/v1/packages', { signal }));
}

export function usePackageOptions(enabled = true) {
  return useQuery({
    queryKey: packageKeys.list(),
    queryFn: ({ signal }) => getPackageOptions(signal),
    staleTime: 60_000,
    enabled,
  });
}
