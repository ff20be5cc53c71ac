import type { Shop } from '@parking-hub/contracts/shops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from '../../../lib/query-keys';
import { refreshSessionShop } from '../../../lib/session-user';

/** POST /v1/shop/logo (multipart: `id`, then the file `file`); the server checks the bytes again. */
export function uploadShopLogo({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('id', id);
  form.append('file', file);
  return api.post<Shop>('/v1/shop/logo', form);
}

export function useUploadShopLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadShopLogo,
    onSuccess: (_, { id }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: shopKeys.all }), refreshSessionShop(id)]),
  });
}
