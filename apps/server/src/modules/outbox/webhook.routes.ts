import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { recordInbound, type StatusCallback, StatusRecorder } from './callbacks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const verifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(
      z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }),
    )
    .optional(),
});
const payloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              statuses: z.array(statusSchema).optional(),
              messages: z
                .array(
                  z.object({ from: z.string(), timestamp: z.union([z.string(), z.number()]).optional() }),
                )
                .optional(),
            })
            .passthrough(),
        }),
      ),
    }),
  ),
});

/** The signature Meta puts on a webhook: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const when = (ts: string | number | undefined) => {
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

/**
 * `/parking-hub-api/bot/v1/whatsapp/webhook`: the Cloud API's subscription check (GET) and its
 * callbacks (POST), taken only with a valid X-Hub-Signature-256 over the exact bytes received.
 */
export async function whatsappWebhookRoutes(app: ZodApp, { config }: { config: Config }) {
  const statuses = new StatusRecorder(app.db);
  // Keep the raw bytes: the signature is over them, not over a re-serialised object.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    (request as FastifyRequest).rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      done(new AppError(400, 'errors.invalidJson'));
    }
  });

  app.get('/whatsapp/webhook', {
    schema: {
      tags: ['messages'],
      summary: 'WhatsApp webhook verification (hub.challenge)',
      querystring: verifyQuery,
    },
    handler: async (request, reply) => {
      const q = request.query;
      const expected = config.whatsapp.verifyToken;
      if (q['hub.mode'] !== 'subscribe' || !expected || q['hub.verify_token'] !== expected) {
        throw new AppError(403, 'errors.webhookVerifyToken');
      }
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  });

  app.post('/whatsapp/webhook', {
    schema: { tags: ['messages'], summary: 'WhatsApp status callbacks and incoming messages (signed)' },
    handler: async (request) => {
      const secret = config.whatsapp.appSecret;
      const header = request.headers['x-hub-signature-256'];
      if (
        !secret ||
        !request.rawBody ||
        !validSignature(request.rawBody, typeof header === 'string' ? header : undefined, secret)
      ) {
        throw new AppError(401, 'errors.webhookSignature');
      }
      const parsed = payloadSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest({ body: 'validation.invalid' });
      const callbacks: StatusCallback[] = [];
      for (const entry of parsed.data.entry) {
        for (const change of entry.changes) {
          for (const s of change.value.statuses ?? []) {
            if (!['sent', 'delivered', 'read', 'failed'].includes(s.status)) continue;
            callbacks.push({
              providerId: s.id,
              status: s.status as StatusCallback['status'],
              at: when(s.timestamp),
              clientRef: s.biz_opaque_callback_data ?? null,
              error:
                s.errors?.map((e) => [e.code, e.title ?? e.message].filter(Boolean).join(' ')).join('; ') ||
                null,
            });
          }
          for (const m of change.value.messages ?? []) await recordInbound(app.db, m.from, when(m.timestamp));
        }
      }
      // Answered once they are written: a failure is a 500, and the provider sends them again.
      await statuses.apply(callbacks);
      return { status: 'success' as const };
    },
  });
}
