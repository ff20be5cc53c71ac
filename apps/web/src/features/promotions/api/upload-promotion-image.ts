import type { Promotion } from '@parking-hub/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionKeys } from './keys';

/** POST /v1/promotion/image (multipart: `id`, then the file `file`); the server checks the bytes again. */
export function uploadPromotionImage({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('id', id);
  form.append('file', file);
  return api.post<Promotion>('/v1/promotion/image', form);
}

export function useUploadPromotionImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPromotionImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
