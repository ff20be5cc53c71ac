import { successEnvelope } from '@parking-hub/contracts/envelope';
import { publicInvoiceSchema } from '@parking-hub/contracts/rent';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { API_PREFIX } from '../../plugins/web-static.ts';
import { publicInvoice } from './public-invoice.service.ts';

/** The public invoice page's call: no sign-in, an unguessable token, rate limited (issue 15). */
export async function publicInvoiceRoutes(app: ZodApp, { config }: { config: Config }) {
  // Per IP, like the public receipt: a guesser gets a few dozen tries a minute at a 192-bit token.
  const limit = app.rateLimit({
    max: config.publicRatePerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests('errors.tooManyRequests', Math.max(1, Math.ceil(context.ttl / 60_000))),
  });

  app.get(`${API_PREFIX}/v1/public/invoice/:token`, {
    onRequest: limit,
    schema: {
      tags: ['public'],
      summary:
        'A rent invoice as its shop sees it (no sign-in; no internal ids), with a Lao QR for the amount due',
      description:
        'The token is the one in the invoice’s link (`/invoice/<token>`); a token of the wrong shape or unknown answers 404.',
      security: [],
      params: z.object({ token: z.string() }),
      response: { 200: successEnvelope(publicInvoiceSchema) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, data: await publicInvoice(app.db, request.params.token) };
    },
  });
}
