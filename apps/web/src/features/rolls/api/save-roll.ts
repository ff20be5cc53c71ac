import type {
  CreatePersonDeliveryBody,
  CreateShopDeliveryBody,
  RollDelivery,
  UpdatePersonDeliveryBody,
  UpdateShopDeliveryBody,
} from '@parking-hub/contracts/rolls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rollKeys } from './keys';

export type SaveRollInput =
  | { kind: 'SHOP'; body: CreateShopDeliveryBody | UpdateShopDeliveryBody }
  | { kind: 'PERSON'; body: CreatePersonDeliveryBody | UpdatePersonDeliveryBody };

/** POST /v1/roll/shop, roll/update-shop, roll/person or roll/update-person. */
export function saveRoll({ kind, body }: SaveRollInput) {
  const edit = 'id' in body;
  const path =
    kind === 'SHOP' ? (edit ? 'roll/update-shop' : 'roll/shop') : edit ? 'roll/update-person' : 'roll/person';
  return api.post<RollDelivery>(`/v1/${path}`, body);
}

export function useSaveRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollKeys.all }),
  });
}
