import { FINANCE_MAX_MONTHS } from '@parking-hub/contracts/finance';
import { monthsFrom } from '../../lib/months';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The report's months from the URL: both given and in order, or the last 12 months up to this
 * one. A range longer than the API allows keeps its end and starts as early as allowed.
 */
export function accountingRange(from: string, to: string, thisMonth: string): { from: string; to: string } {
  const end = MONTH.test(to) ? to : thisMonth;
  const earliest = monthsFrom(end, -FINANCE_MAX_MONTHS)[FINANCE_MAX_MONTHS - 1] as string;
  const start = MONTH.test(from) && from <= end ? from : (monthsFrom(end, -12)[11] as string);
  return { from: start < earliest ? earliest : start, to: end };
}
