import type { CreatePriceBody, PriceRule } from '@parking-hub/contracts/prices';
import { api } from '../../../lib/api-client';
import { usePriceMutation } from './use-price-mutation';

/** POST /v1/prices/create: a rule for a vehicle type the shop does not price yet. */
export function createPrice(body: CreatePriceBody) {
  return api.post<PriceRule>('/v1/prices/create', body);
}

export function useCreatePrice() {
  return usePriceMutation(createPrice);
}
