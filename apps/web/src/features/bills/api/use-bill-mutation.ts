import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billKeys } from '../../../lib/query-keys';

/**
 * A change to a bill: every bill list and detail refetches afterwards (a check-out changes the
 * list's fee column, a print its print count, a cancel its status and the timeline), also after a
 * refusal: a 409 means the bill moved on (closed by someone else, a new fee period).
 */
export function useBillMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
