import type { Bill, ListBillsBody } from '@parking-hub/contracts/bills';
import type { CursorPageMeta } from '@parking-hub/contracts/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billKeys } from '../../../lib/query-keys';

export type BillListFilters = Partial<ListBillsBody>;
export type BillPageMeta = CursorPageMeta;
export interface BillPage {
  rows: Bill[];
  meta: BillPageMeta;
}

/** POST /v1/bills-in-shop: newest check-in first; `cursor` (meta.nextCursor) pages without OFFSET. */
export async function getBills(filters: BillListFilters, signal?: AbortSignal): Promise<BillPage> {
  const envelope = await api.post<Bill[], BillPageMeta>('/v1/bills-in-shop', filters, {
    query: { page: filters.page ?? 1 },
    signal,
  });
  const meta = envelope.meta;
  if (!meta) throw new Error('bills-in-shop answered without its meta');
  return { rows: envelope.data ?? [], meta };
}

export const billsQueryOptions = (filters: BillListFilters) =>
  queryOptions({
    queryKey: billKeys.list(filters),
    queryFn: ({ signal }) => getBills(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useBills(filters: BillListFilters) {
  return useQuery(billsQueryOptions(filters));
}
