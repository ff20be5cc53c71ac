import type { CreateNewsBody, News, ResendNewsBody, UpdateNewsBody } from '@parking-hub/contracts/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newsKeys } from './keys';

/** POST /v1/news/create: a draft, a scheduled item, or sent now. */
export function createNews(body: CreateNewsBody) {
  return api.post<News>('/v1/news/create', body);
}

/** POST /v1/news/update. */
export function updateNews(body: UpdateNewsBody) {
  return api.post<News>('/v1/news/update', body);
}

/** POST /v1/news/delete: withdrawn, kept. */
export function withdrawNews(id: string) {
  return api.post<null>('/v1/news/delete', { id });
}

/** POST /v1/news/resent: to the shops that did not get it, or to all. */
export function resendNews(body: ResendNewsBody) {
  return api.post<{ queued: number; skipped: number }>('/v1/news/resent', body);
}

function useNewsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export const useCreateNews = () => useNewsMutation(createNews);
export const useUpdateNews = () => useNewsMutation(updateNews);
export const useWithdrawNews = () => useNewsMutation(withdrawNews);
export const useResendNews = () => useNewsMutation(resendNews);
