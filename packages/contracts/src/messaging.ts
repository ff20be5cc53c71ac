import { z } from 'zod';
import { checkPageDepth, cursorSchema, pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, searchSchema, whatsappSchema } from './fields.ts';

/** How a message leaves the system. */
export const CHANNELS = ['WHATSAPP', 'EMAIL'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;

/**
 * An outbox row's life: QUEUED until the provider takes it (SENT), then what the provider tells
 * (DELIVERED, READ) or FAILED. NOT_CONFIGURED waits for the channel's settings; CANCELLED was
 * stopped by an admin before it left.
 */
export const MESSAGE_STATUSES = [
  'QUEUED',
  'SENT',
  'DELIVERED',
  'READ',
  'FAILED',
  'NOT_CONFIGURED',
  'CANCELLED',
] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** WhatsApp's limit for a text message body. */
export const WHATSAPP_TEXT_MAX = 4096;

/** An outbox row as the API shows it. Secrets (a verification code) are never part of it. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  recipient: z.string(),
  kind: z.string(),
  templateName: z.string().nullable(),
  language: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  cause: z.string(),
  createdByName: z.string().nullable(),
  status: messageStatusSchema,
  /** Being handed to the provider right now: neither sent again nor cancelled meanwhile. */
  sending: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** One thing that happened to a message: an attempt, a scheduled retry, a provider callback… */
export const OUTBOX_EVENT_KINDS = [
  'QUEUED',
  'ATTEMPT',
  'SENT',
  'ERROR',
  'RETRY',
  'DEFERRED',
  'IN_DOUBT',
  'CALLBACK',
  'NOT_CONFIGURED',
  'REQUEUED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
] as const;
export const outboxEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(OUTBOX_EVENT_KINDS),
  status: messageStatusSchema.nullable(),
  detail: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  errorCode: z.string().nullable(),
});
export type OutboxEvent = z.infer<typeof outboxEventSchema>;

export const outboxMessageDetailSchema = z.object({
  message: outboxMessageSchema,
  events: z.array(outboxEventSchema),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

/** `POST /v1/messages?page=N`: the outbox, newest first, scoped to the caller's shops. */
export const listMessagesBodySchema = pagingSchema
  .extend({
    status: messageStatusSchema.optional(),
    channel: channelSchema.optional(),
    shopId: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    /** Part of the recipient (a number or an address). */
    q: searchSchema,
    /** meta.nextCursor of the page before: pages without OFFSET, at any depth. */
    cursor: cursorSchema,
  })
  .superRefine(checkPageDepth);
export type ListMessagesBody = z.infer<typeof listMessagesBodySchema>;

export const messageIdParamsSchema = z.object({ id: idSchema });

export const messageTextSchema = z
  .string({ error: 'validation.messageRequired' })
  .trim()
  .min(1, { error: 'validation.messageRequired' })
  .max(WHATSAPP_TEXT_MAX, { error: 'validation.messageTooLong' });

/** `POST /v1/test-whatsapp` (admins): the test template to a number, or a text of one's own. */
export const testWhatsappBodySchema = z.object({
  to: whatsappSchema,
  text: messageTextSchema.optional(),
});
export type TestWhatsappBody = z.infer<typeof testWhatsappBodySchema>;

/** `POST /bot/v1/sent-whatsapp-to-shop`: a message to one or more shops' WhatsApp numbers. */
export const sendToShopsBodySchema = z.object({
  shopIds: z
    .array(idSchema, { error: 'validation.shopsRequired' })
    .min(1, { error: 'validation.shopsRequired' })
    .max(500, { error: 'validation.tooBig' }),
  text: messageTextSchema,
});
export type SendToShopsBody = z.infer<typeof sendToShopsBodySchema>;

export const sendToShopsResultSchema = z.object({
  queued: z.array(outboxMessageSchema),
  /** Shops that could not be written to, and why ('noWhatsapp'). */
  skipped: z.array(z.object({ shopId: z.string(), shopName: z.string(), reason: z.literal('noWhatsapp') })),
});
export type SendToShopsResult = z.infer<typeof sendToShopsResultSchema>;

export const CONNECTION_STATES = ['NOT_CONFIGURED', 'CONNECTED', 'ERROR'] as const;

/** `POST /v1/reset-whatsapp`: the settings checked against the API, and what was queued again. */
export const whatsappConnectionSchema = z.object({
  state: z.enum(CONNECTION_STATES),
  /** Settings that are missing (names of environment variables). */
  missing: z.array(z.string()),
  checkedAt: z.string(),
  phoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable(),
  error: z.string().nullable(),
});
export type WhatsappConnection = z.infer<typeof whatsappConnectionSchema>;

export const resetWhatsappResultSchema = z.object({
  connection: whatsappConnectionSchema,
  requeued: z.number().int(),
});
export type ResetWhatsappResult = z.infer<typeof resetWhatsappResultSchema>;

/** `GET /v1/messages/status`: each channel's settings (never a secret) and the outbox by status. */
export const messagingStatusSchema = z.object({
  whatsapp: z.object({
    configured: z.boolean(),
    missing: z.array(z.string()),
    apiUrl: z.string(),
    phoneNumberId: z.string().nullable(),
    webhookReady: z.boolean(),
    ratePerSecond: z.number(),
    lastCheck: whatsappConnectionSchema.nullable(),
  }),
  email: z.object({ configured: z.boolean(), from: z.string(), ratePerSecond: z.number() }),
  counts: z.record(messageStatusSchema, z.number().int()),
});
export type MessagingStatus = z.infer<typeof messagingStatusSchema>;
