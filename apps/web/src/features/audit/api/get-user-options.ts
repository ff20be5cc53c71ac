import type { User } from '@parking-hub/contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** POST /v1/users with q: the first page (20) of matching users, for the "who" filter. */
export async function getUserOptions(q: string, signal?: AbortSignal): Promise<User[]> {
  const body = { page: 1, q: q.trim() || undefined };
  return dataOf(await api.post<User[]>('/v1/users', body, { query: { page: 1 }, signal }));
}

export function useUserOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: userKeys.options(q.trim()),
    queryFn: ({ signal }) => getUserOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
