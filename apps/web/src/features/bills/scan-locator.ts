import type { BillLocator } from '@parking-hub/contracts/bills';
import { normalizeReference } from '@parking-hub/contracts/reference';

/**
 * What the scan box should ask for: a reference (typed, scanned, or a receipt URL), or a bill
 * number when only digits were typed and the shop is known; null when it can be neither.
 * References are at least 13 symbols, so up to 9 digits is always a number.
 */
export function scanLocator(text: string, shopId: string | null): BillLocator | null {
  const typed = text.trim();
  if (/^\d{1,9}$/.test(typed)) return shopId ? { number: Number(typed), shopId } : null;
  const reference = normalizeReference(typed);
  return reference ? { reference } : null;
}
