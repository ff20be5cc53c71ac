import type {
  CreateNumbersBody,
  CreateNumbersResult,
  DeleteNumberResult,
} from '@parking-hub/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** POST /v1/membership/number/create: one number or a range. */
export function useCreateNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNumbersBody) =>
      api.post<CreateNumbersResult>('/v1/membership/number/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** DELETE /v1/membership/number/{numberId}: removed if never assigned, else retired. */
export function useDeleteNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<DeleteNumberResult>(`/v1/membership/number/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
