import type { Company } from '@parking-hub/contracts/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys';

/** The profile changes seldom: it is kept this long before a screen asks again. */
export const COMPANY_STALE_MS = 5 * 60_000;

/** GET /v1/company: the profile (every field null until it is filled in). */
export async function getCompany(signal?: AbortSignal): Promise<Company> {
  return dataOf(await api.get<Company>('/v1/company', { signal }));
}

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => getCompany(signal),
    staleTime: COMPANY_STALE_MS,
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
