import type { InboxNews, ReadNewsBody } from '@parking-hub/contracts/news';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** The shop's side of news (the bell): its own keys, refreshed together when something is read. */
const inboxKeys = {
  all: ['news-inbox'] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
};

/** GET /v1/news/unread: checked every minute while the app is open, so news sent meanwhile shows. */
export function useUnreadNews(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: async ({ signal }) =>
      dataOf(await api.get<{ count: number }>('/v1/news/unread', { signal })).count,
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /v1/news/inbox?page=: the news sent to the caller's shop, newest first, ten at a time ("more"). */
export function useInbox(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.get<InboxNews[]>('/v1/news/inbox', { query: { page: pageParam, pageSize: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta && last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined,
    enabled,
  });
}

/** POST /v1/news/read: the items opened (or all) are read by this person. */
export function useReadNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadNewsBody) => api.post<{ count: number }>('/v1/news/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
