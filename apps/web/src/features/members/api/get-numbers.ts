import type { ListNumbersQuery, MemberNumberRow } from '@parking-hub/contracts/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { memberKeys } from './keys';

export type NumberFilters = Partial<ListNumbersQuery>;

/** GET /v1/membership/numbers: a page of a shop's card numbers, in number order. */
export const getNumbers = (query: NumberFilters, signal?: AbortSignal) =>
  api.get<MemberNumberRow[]>('/v1/membership/numbers', { query, signal });

export function useNumbers(query: NumberFilters, enabled = true) {
  return useQuery({
    queryKey: memberKeys.numbers(query),
    queryFn: ({ signal }) => getNumbers(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type OptionsHook = (q: string, enabled: boolean) => { data?: MemberNumberRow[]; isFetching: boolean };
const optionHooks = new Map<string, OptionsHook>();

/**
 * The picker's search over a shop's free cards (sell, replace card): one hook per shop, the same
 * function each time, as the picker calls it on every render.
 */
export function availableNumberOptions(shopId: string): OptionsHook {
  let hook = optionHooks.get(shopId);
  if (!hook) {
    hook = function useAvailableNumbers(q: string, enabled: boolean) {
      const query = { shopId, status: 'AVAILABLE' as const, search: q || undefined, pageSize: 20 };
      return useQuery({
        queryKey: memberKeys.numbers(query),
        queryFn: async ({ signal }) => dataOf(await getNumbers(query, signal)),
        placeholderData: keepPreviousData,
        enabled: enabled && !!shopId,
      });
    };
    optionHooks.set(shopId, hook);
  }
  return hook;
}
