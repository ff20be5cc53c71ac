import { dayText } from '@parking-hub/contracts/business-day';
import { successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  dailySummaryBodySchema,
  dailySummaryResultSchema,
  sendInvoicesBodySchema,
  sendInvoicesResultSchema,
} from '@parking-hub/contracts/rent';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { dailySummaryCall } from './daily-summary.ts';
import { type SendMode, sendInvoices } from './sending.service.ts';

const tags = ['rent'];
const ok = 'success' as const;
/** Admins send any invoice; an agent those of the shops they serve (others answer 404). */
const SENDERS = ['SUPER-ADMIN', 'ADMIN', 'AGENT'] as const;
const ADMINS = ['SUPER-ADMIN', 'ADMIN'] as const;

/** Sending invoices and the daily summary to shops' WhatsApp through the outbox (issue 15). */
export async function invoiceSendingRoutes(
  app: ZodApp,
  { config, outbox }: { config: Config; outbox: Outbox },
) {
  const deps = { db: app.db, outbox, config };
  const sendRoute = (url: string, mode: SendMode, summary: string) =>
    app.post(url, {
      preHandler: app.authorize(SENDERS),
      schema: {
        tags,
        summary,
        description:
          'One invoice (`invoiceId`), several (`invoiceIds`) or a month’s unpaid ones (`month`). The message goes to the shop’s WhatsApp with the amount due and the public page’s link; a VOID or fully paid invoice, or a shop without WhatsApp, is skipped with its reason (void, paid, no_whatsapp; and already_sent for a send). In production without PUBLIC_URL nothing is sent (409): the link would point to localhost.',
        body: sendInvoicesBodySchema,
        response: { 200: successEnvelope(sendInvoicesResultSchema) },
      },
      handler: async (request) => {
        const data = await sendInvoices(deps, authedContextOf(request), request.body, mode);
        return {
          status: ok,
          message: translate(request.lang, 'success.invoicesQueued', { count: data.queued }),
          data,
        };
      },
    });

  sendRoute('/sent/manual-summary', 'send', 'Send invoices to their shops’ WhatsApp (those not sent yet)');
  sendRoute('/resent-manual-summary-rent', 'resend', 'Send invoices to their shops’ WhatsApp again');

  app.post('/report-daily', {
    preHandler: app.authorize(ADMINS),
    schema: {
      tags,
      summary:
        'Send yesterday’s summary (or `day`’s) to every active shop’s WhatsApp now, once per shop and day',
      description:
        'Each shop’s yesterday is the business day before its current one (its own zone and hours), so a day still open is never summarised. `again: true` sends to shops that already had that day’s summary.',
      body: dailySummaryBodySchema,
      response: { 200: successEnvelope(dailySummaryResultSchema) },
    },
    handler: async (request) => {
      const data = await dailySummaryCall(deps, authedContextOf(request), request.body ?? {});
      const message = translate(request.lang, 'success.dailySummaryQueued', {
        day: dayText(data.day),
        count: data.queued,
      });
      return { status: ok, message, data };
    },
  });
}
