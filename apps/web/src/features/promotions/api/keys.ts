import type { ListPromotionsBody } from '@parking-hub/contracts/promotions';

/** Promotions' query keys: a change refetches every list and the cap. */
export const promotionKeys = {
  all: ['promotions'] as const,
  lists: () => [...promotionKeys.all, 'list'] as const,
  list: (filters: Partial<ListPromotionsBody>) => [...promotionKeys.lists(), filters] as const,
  cap: () => [...promotionKeys.all, 'cap'] as const,
};

/** The packages list's key as the packages screen names it, so its changes refresh the preview too. */
export const packagesListKey = ['packages', 'list'] as const;
