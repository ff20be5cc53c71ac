import type { ListNewsBody, NewsDeliveriesBody } from '@parking-hub/contracts/news';

/** News query keys: a change refetches every list, detail and delivery page. */
export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (filters: Partial<ListNewsBody>) => [...newsKeys.lists(), filters] as const,
  detail: (id: string) => [...newsKeys.all, 'detail', id] as const,
  deliveries: (filters: Partial<NewsDeliveriesBody>) => [...newsKeys.all, 'deliveries', filters] as const,
};
