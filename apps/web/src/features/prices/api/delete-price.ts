import { api } from '../../../lib/api-client';
import { usePriceMutation } from './use-price-mutation';

/**
 * POST /v1/prices/delete: the shop stops taking that vehicle type. Refused (with the reason) for
 * the motorbike and car rules and while a vehicle of the type is parked.
 */
export function deletePrice(id: string) {
  return api.post('/v1/prices/delete', { id });
}

export function useDeletePrice() {
  return usePriceMutation(deletePrice);
}
