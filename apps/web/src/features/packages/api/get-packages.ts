import type { Package } from '@parking-hub/contracts/packages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { packageKeys } from '../../../lib/query-keys';

/** GET /v1/packages: every package, with the shops in the caller's scope that have it this month. */
export async function getPackages(signal?: AbortSignal): Promise<Package[]> {
  return dataOf(await api.get<Package[]>('/v1/packages', { signal }));
}

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: packageKeys.list(), queryFn: ({ signal }) => getPackages(signal) });

export function usePackages() {
  return useQuery(packagesQueryOptions());
}
