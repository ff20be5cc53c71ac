import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api-error';
import { QUERY_GC_TIME_MS } from './config';
import { sessionStore } from './session-store';

/** One retry, only when the network or the server failed; a 4xx answer will not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isRetryable(error);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: QUERY_GC_TIME_MS,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

// Cached data belongs to the signed-in user: it goes when the session ends (sign-out, expiry).
sessionStore.subscribe(() => {
  if (!sessionStore.get().isLogin) queryClient.clear();
});
