import type { PublicNews } from '@parking-hub/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** GET /v1/public/news/{token}: a sent item as its link opens it (no sign-in). */
export async function getPublicNews(token: string, signal?: AbortSignal): Promise<PublicNews> {
  return dataOf(await api.get<PublicNews>(`/v1/public/news/${encodeURIComponent(token)}`, { signal }));
}

export function usePublicNews(token: string) {
  return useQuery({
    queryKey: ['public-news', token],
    queryFn: ({ signal }) => getPublicNews(token, signal),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}
