import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';
import type { Outbox } from '../outbox/outbox.ts';

/** Sending invoices and the daily summary to shops' WhatsApp through the outbox (issue 15). */
export async function invoiceSendingRoutes(_app: ZodApp, _opts: { config: Config; outbox: Outbox }) {}
