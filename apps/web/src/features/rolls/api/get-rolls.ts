import type { ListRollsBody, RollDelivery } from '@parking-hub/contracts/rolls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rollKeys } from './keys';

export type RollFilters = Partial<ListRollsBody>;

/** POST /v1/rolls?page={page} with the filters (and the page) in the body. */
export function getRolls(filters: RollFilters, signal?: AbortSignal) {
  return api.post<RollDelivery[]>('/v1/rolls', filters, { query: { page: filters.page ?? 1 }, signal });
}

export function useRolls(filters: RollFilters) {
  return useQuery({
    queryKey: rollKeys.list(filters),
    queryFn: ({ signal }) => getRolls(filters, signal),
    placeholderData: keepPreviousData,
  });
}
