import type { User } from '@parking-hub/contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** POST /v1/users: staff matching the typed text, of one shop when the history is narrowed to one. */
export async function getStaffOptions(q: string, shopId: string, signal?: AbortSignal): Promise<User[]> {
  const body = { page: 1, q: q.trim() || undefined, shopId: shopId || undefined };
  return dataOf(await api.post<User[]>('/v1/users', body, { query: { page: 1 }, signal }));
}

export function useStaffOptions(q: string, shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...userKeys.options(q.trim()), 'shop', shopId],
    queryFn: ({ signal }) => getStaffOptions(q, shopId, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
