import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** The monthly job (1st, 06:00 platform time): every main shop's invoice for the month before. */
export async function runMonthlyInvoices(_deps: { db: Db; config: Config }): Promise<unknown> {
  return null;
}
