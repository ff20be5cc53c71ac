import { z } from 'zod';

export const SHOP_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const shopStatusSchema = z.enum(SHOP_STATUSES);
export type ShopStatus = z.infer<typeof shopStatusSchema>;

/** `GET /v1/shops?q=`: the autocomplete, scoped to the caller, at most 20 rows. */
export const shopAutocompleteQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});
export const shopOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
});
export type ShopOption = z.infer<typeof shopOptionSchema>;
