import type { NewsDeliveriesBody, NewsDelivery } from '@parking-hub/contracts/news';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newsKeys } from './keys';

export type DeliveryFilters = Partial<NewsDeliveriesBody> & { newsId: string };

/** POST /v1/news/deliveries?page=: per shop, whether its WhatsApp message was sent, delivered, read or failed. */
export function getDeliveries(filters: DeliveryFilters, signal?: AbortSignal) {
  return api.post<NewsDelivery[]>('/v1/news/deliveries', filters, {
    query: { page: filters.page ?? 1 },
    signal,
  });
}

export function useDeliveries(filters: DeliveryFilters) {
  return useQuery({
    queryKey: newsKeys.deliveries(filters),
    queryFn: ({ signal }) => getDeliveries(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data?.some((d) => d.status === 'QUEUED') ? 3000 : false),
  });
}
