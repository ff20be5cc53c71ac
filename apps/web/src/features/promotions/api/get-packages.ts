import type { Package } from '@parking-hub/contracts/packages';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { packagesListKey } from './keys';

/** GET /v1/packages: the packages a promotion may apply to, and their prices for the preview. */
export async function getPackages(signal?: AbortSignal): Promise<Package[]> {
  return dataOf(await api.get<Package[]>('/v1/packages', { signal }));
}

export function usePackages() {
  return useQuery({
    queryKey: packagesListKey,
    queryFn: ({ signal }) => getPackages(signal),
    staleTime: 60_000,
  });
}
