import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packageKeys, shopKeys } from '../../../lib/query-keys';

/** A change to a package or fee: both lists refetch, and shops (whose package names and months show it). */
export function usePackageMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packageKeys.all }),
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      ]),
  });
}
