import type { ListNewsBody, News } from '@parking-hub/contracts/news';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { newsKeys } from './keys';

export type NewsFilters = Partial<ListNewsBody>;

/** POST /v1/news?page={page}: the news the caller may see, newest first, filters in the body. */
export function getNewsList(filters: NewsFilters, signal?: AbortSignal) {
  return api.post<News[]>('/v1/news', filters, { query: { page: filters.page ?? 1 }, signal });
}

export function useNewsList(filters: NewsFilters) {
  return useQuery({
    queryKey: newsKeys.list(filters),
    queryFn: ({ signal }) => getNewsList(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/news/{id}: one item with its shops' delivery counts (refreshed while it is being delivered). */
export async function getNews(id: string, signal?: AbortSignal): Promise<News> {
  return dataOf(await api.get<News>(`/v1/news/${encodeURIComponent(id)}`, { signal }));
}

export function useNews(id: string) {
  return useQuery({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => getNews(id, signal),
    refetchInterval: (q) => (q.state.data?.deliveries.QUEUED ? 3000 : false),
  });
}
