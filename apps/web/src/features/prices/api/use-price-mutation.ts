import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceKeys, shopKeys } from '../../../lib/query-keys';

/**
 * A change to a rule: the rules refetch, and so do shops, whose motorbike and car prices follow
 * the core rules.
 */
export function usePriceMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: priceKeys.all }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      ]),
  });
}
