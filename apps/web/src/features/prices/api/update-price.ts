import type { PriceRule, UpdatePriceBody } from '@parking-hub/contracts/prices';
import { api } from '../../../lib/api-client';
import { usePriceMutation } from './use-price-mutation';

/** POST /v1/prices/update: replaces the rule; a motorbike or car rule also sets the shop's price. */
export function updatePrice(body: UpdatePriceBody) {
  return api.post<PriceRule>('/v1/prices/update', body);
}

export function useUpdatePrice() {
  return usePriceMutation(updatePrice);
}
