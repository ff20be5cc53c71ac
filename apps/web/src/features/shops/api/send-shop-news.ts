import type { CreateNewsBody, News } from '@parking-hub/contracts/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** POST /v1/news/create to one shop, sent now (an agent: only a shop of theirs). */
export function sendShopNews(body: CreateNewsBody) {
  return api.post<News>('/v1/news/create', body);
}

export function useSendShopNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendShopNews,
    // The shop's messages list shows the news message and its status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
