import type { AccessToken, ListAccessTokensBody } from '@parking-hub/contracts/access-tokens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from '../../../lib/query-keys';

export type AccessTokenFilters = Partial<ListAccessTokensBody>;

/** POST /v1/access-token: sign-in sessions, paged, most recently used first. */
export function getAccessTokens(filters: AccessTokenFilters, signal?: AbortSignal) {
  return api.post<AccessToken[]>('/v1/access-token', filters, { signal });
}

export const accessTokensQueryOptions = (filters: AccessTokenFilters) =>
  queryOptions({
    queryKey: accessTokenKeys.list(filters),
    queryFn: ({ signal }) => getAccessTokens(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAccessTokens(filters: AccessTokenFilters) {
  return useQuery(accessTokensQueryOptions(filters));
}
