import type { ListMembersQuery, Member } from '@parking-hub/contracts/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './keys';

export type MemberFilters = Partial<ListMembersQuery>;

/** GET /v1/membership: a page of members of the caller's scope (search, status, shop, expiring). */
export const getMembers = (query: MemberFilters, signal?: AbortSignal) =>
  api.get<Member[]>('/v1/membership', { query, signal });

export function useMembers(query: MemberFilters) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => getMembers(query, signal),
    placeholderData: keepPreviousData,
  });
}
