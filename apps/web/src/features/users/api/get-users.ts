import type { ListUsersBody, User } from '@parking-hub/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

export type UserFilters = Partial<ListUsersBody>;

/** POST /v1/users?page={page} with the page in the body too (spec §7). */
export function getUsers(filters: UserFilters, signal?: AbortSignal) {
  return api.post<User[]>('/v1/users', filters, { query: { page: filters.page ?? 1 }, signal });
}

export const usersQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) => getUsers(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters));
}
