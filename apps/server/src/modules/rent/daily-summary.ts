import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';

/** The morning job: yesterday's summary to every shop's WhatsApp, once per shop and day. */
export async function runDailySummary(_deps: { db: Db; outbox: Outbox; config: Config }): Promise<unknown> {
  return null;
}
