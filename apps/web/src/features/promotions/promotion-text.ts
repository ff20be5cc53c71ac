import type { DiscountType } from '@parking-hub/contracts/promotions';
import { PROMOTION_IMAGE_MAX_BYTES } from '@parking-hub/contracts/promotions';
import { LOGO_TYPES } from '@parking-hub/contracts/shops';
import type { TFunction } from 'i18next';
import { formatKip } from '../../lib/format';

/** '15%', '50,000 ₭ / month' or '2 free months': a discount as a person reads it. */
export function discountText(t: TFunction<'promotions'>, type: DiscountType, value: number): string {
  if (type === 'PERCENT') return t('discount.percent', { value });
  if (type === 'AMOUNT') return t('discount.amount', { amount: formatKip(value) });
  return t('discount.freeMonths', { count: value });
}

const TYPES: readonly string[] = LOGO_TYPES;

/** Why a chosen picture cannot go (an API message key), or null: PNG/JPEG/WebP of at most 2 MB. */
export function promotionImageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return 'errors.promotionImageType';
  if (file.size > PROMOTION_IMAGE_MAX_BYTES) return 'errors.promotionImageTooLarge';
  return null;
}
