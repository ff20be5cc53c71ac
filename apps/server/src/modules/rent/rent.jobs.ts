import { calendarDate } from '@parking-hub/contracts/business-day';
import type { GenerateInvoicesResult } from '@parking-hub/contracts/rent';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { generateMonth, previousMonth } from './generation.ts';

/**
 * The monthly job (1st, 06:00 platform time): every main shop's invoice for the month before, as
 * the system (audited 'invoice.generate' with no actor). Shops with any invoice of that month
 * (VOID included) are left alone, so a second run or a second instance makes nothing new; it waits
 * for a run already going on the month rather than failing.
 */
export async function runMonthlyInvoices(
  deps: { db: Db; config: Config },
  o: { now?: Date; batch?: number } = {},
): Promise<GenerateInvoicesResult> {
  const now = o.now ?? new Date();
  const month = previousMonth(calendarDate(now, deps.config.platformTimezone).slice(0, 7));
  return generateMonth(deps.db, {
    month,
    timezone: deps.config.platformTimezone,
    ctx: null,
    now,
    lockWaitMs: null,
    ...(o.batch ? { batch: o.batch } : {}),
  });
}
