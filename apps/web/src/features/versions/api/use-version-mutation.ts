import { useMutation, useQueryClient } from '@tanstack/react-query';
import { versionKeys } from './keys';

/** A change to a release: the lists refetch, and so does the check panel's answer. */
export function useVersionMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.all }),
  });
}
