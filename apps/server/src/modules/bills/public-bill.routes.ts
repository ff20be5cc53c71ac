import {
  genQrBodySchema,
  genQrResultSchema,
  publicBillSchema,
  referenceSchema,
} from '@parking-hub/contracts/bills';
import { successEnvelope } from '@parking-hub/contracts/envelope';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { API_PREFIX } from '../../plugins/web-static.ts';
import { generateQr, publicBill } from './public-bill.service.ts';

const ok = 'success' as const;

/** The customer's side: no sign-in, so limited per IP against guessing references. */
export async function publicBillRoutes(app: ZodApp, { config }: { config: Config }) {
  // One counter for both routes: guessing through either counts against the same limit.
  const limit = app.rateLimit({
    max: config.publicRatePerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests('errors.tooManyRequests', Math.max(1, Math.ceil(context.ttl / 60_000))),
  });

  app.get(`${API_PREFIX}/v1/public/bills/:reference`, {
    onRequest: limit,
    schema: {
      tags: ['public'],
      summary: 'The customer’s e-receipt of a bill (no sign-in; no staff names or internal ids)',
      security: [],
      params: z.object({ reference: referenceSchema }),
      response: { 200: successEnvelope(publicBillSchema) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await publicBill(app.db, request.params.reference);
      return { status: ok, data };
    },
  });

  app.post('/gen-qr', {
    onRequest: limit,
    schema: {
      tags: ['public'],
      summary: 'A Lao QR (LAPNet EMVCo) to pay a bill’s fee now, or an amount to a shop',
      description:
        '`{ reference }` needs no sign-in (the bill must be parked with something to pay). `{ shopId, amount }` needs a bearer token and the shop in the caller’s scope. A shop without a QR receiver answers 409.',
      body: genQrBodySchema,
      response: { 200: successEnvelope(genQrResultSchema) },
    },
    handler: async (request, reply) => {
      let ctx = null;
      if ('shopId' in request.body) {
        await app.authorize().call(app, request, reply);
        ctx = authedContextOf(request);
      }
      reply.header('cache-control', 'no-store');
      return { status: ok, data: await generateQr(app.db, ctx, request.body) };
    },
  });
}
