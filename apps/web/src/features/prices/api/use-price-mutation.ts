import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceKeys, shopKeys } from '../../../lib/query-keys';
import { sessionStore } from '../../../lib/session-store';
import { refreshSessionShop } from '../../../lib/session-user';

/**
 * A change to a rule: the rules refetch, and so do shops, whose motorbike and car prices follow
 * the core rules (the session's copy of the user's own shop prices too).
 */
export function usePriceMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: priceKeys.all }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
        refreshSessionShop(sessionStore.get().shopId ?? ''),
      ]),
  });
}
