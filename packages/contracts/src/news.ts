import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, searchSchema } from './fields.ts';
import type { Language } from './languages.ts';
import { type MessageStatus, messageStatusSchema } from './messaging.ts';

/**
 * News to shops (issue 16, decision 021): an announcement with an optional picture, for every
 * shop, one agent's shops or chosen shops, sent now or at a set time through the outbox to each
 * shop's WhatsApp, and listed in the app for the shop's staff (the bell).
 */

export const NEWS_AUDIENCES = ['ALL', 'AGENT', 'SHOPS'] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];
export const newsAudienceSchema = z.enum(NEWS_AUDIENCES, { error: 'validation.invalid' });

export const NEWS_STATUSES = ['DRAFT', 'SCHEDULED', 'SENT', 'WITHDRAWN'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const newsStatusSchema = z.enum(NEWS_STATUSES, { error: 'validation.invalid' });

/** What saving does: keep a draft, send now, or send at `publishAt`. */
export const NEWS_PUBLISH = ['DRAFT', 'NOW', 'SCHEDULE'] as const;
export type NewsPublish = (typeof NEWS_PUBLISH)[number];

export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 4000;
export const NEWS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NEWS_SHOPS_MAX = 500;
/** A schedule further ahead than this is a typo. */
export const NEWS_SCHEDULE_MAX_DAYS = 366;
/** How much of the body the WhatsApp message carries; the link opens the whole of it. */
export const NEWS_EXCERPT_MAX = 600;

/** A picture uploaded for news (`POST /v1/news/image`): only a path the server made. */
export const newsImagePathSchema = z
  .string()
  .regex(/^\/uploads\/news\/[0-9a-f]{32}\.(?:png|jpg|webp)$/, { error: 'validation.newsImage' });

const newsFields = z.strictObject({
  /** One line: WhatsApp refuses new lines, tabs and runs of spaces inside a template's value. */
  title: z
    .string({ error: 'validation.newsTitle' })
    .trim()
    .min(1, { error: 'validation.newsTitle' })
    .max(NEWS_TITLE_MAX, { error: 'validation.tooLong' })
    .transform((t) => t.replace(/\s+/g, ' ')),
  body: z
    .string({ error: 'validation.newsBody' })
    .trim()
    .min(1, { error: 'validation.newsBody' })
    .max(NEWS_BODY_MAX, { error: 'validation.tooLong' }),
  imagePath: newsImagePathSchema.nullable().optional(),
  audience: newsAudienceSchema,
  agentId: idSchema.nullable().optional(),
  shopIds: z.array(idSchema).max(NEWS_SHOPS_MAX, { error: 'validation.tooBig' }).default([]),
  publish: z.enum(NEWS_PUBLISH, { error: 'validation.invalid' }).default('DRAFT'),
  /** ISO time with its offset; required with SCHEDULE, ahead of now (the server checks). */
  publishAt: z.iso.datetime({ offset: true, error: 'validation.newsPublishAt' }).nullable().optional(),
});

/** The audience names what it needs; a schedule has its time. */
function checkNews(v: z.infer<typeof newsFields>, ctx: z.RefinementCtx) {
  if (v.audience === 'AGENT' && !v.agentId)
    ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'validation.newsAgent' });
  if (v.audience === 'SHOPS' && v.shopIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['shopIds'], message: 'validation.newsShops' });
  if (v.publish === 'SCHEDULE' && !v.publishAt)
    ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'validation.newsPublishAt' });
}

/** `POST /v1/news/create`. */
export const createNewsBodySchema = newsFields.superRefine(checkNews);
export type CreateNewsBody = z.infer<typeof createNewsBodySchema>;

/** `POST /v1/news/update`: a draft or scheduled item whole; a sent one's title, body and picture only. */
export const updateNewsBodySchema = newsFields.extend({ id: idSchema }).superRefine(checkNews);
export type UpdateNewsBody = z.infer<typeof updateNewsBodySchema>;

/** `POST /v1/news?page=`: filters in the body. Withdrawn items only when asked for by status. */
export const listNewsBodySchema = pagingSchema.extend({
  q: searchSchema,
  status: newsStatusSchema.optional(),
  audience: newsAudienceSchema.optional(),
});
export type ListNewsBody = z.infer<typeof listNewsBodySchema>;

export const newsIdBodySchema = z.strictObject({ id: idSchema });

/** `POST /v1/news/resent`: again to the shops that did not get it (failed, not sent, no number then), or to all. */
export const RESEND_TARGETS = ['UNRECEIVED', 'ALL'] as const;
export const resendNewsBodySchema = z.strictObject({
  id: idSchema,
  to: z.enum(RESEND_TARGETS, { error: 'validation.invalid' }).default('UNRECEIVED'),
});
export type ResendNewsBody = z.infer<typeof resendNewsBodySchema>;

/** A shop's delivery: its WhatsApp message's status, or NO_WHATSAPP when the shop had no number. */
export const DELIVERY_STATUSES = [...messageStatusSchema.options, 'NO_WHATSAPP'] as const;
export type DeliveryStatus = MessageStatus | 'NO_WHATSAPP';
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES, { error: 'validation.invalid' });
/** Statuses that mean the shop's WhatsApp did not get it: what "send to those who did not receive it" sends. */
export const UNRECEIVED_STATUSES: readonly DeliveryStatus[] = [
  'FAILED',
  'NOT_CONFIGURED',
  'CANCELLED',
  'NO_WHATSAPP',
];

export const newsDeliveriesBodySchema = pagingSchema.extend({
  newsId: idSchema,
  status: deliveryStatusSchema.optional(),
  q: searchSchema,
});
export type NewsDeliveriesBody = z.infer<typeof newsDeliveriesBodySchema>;

const deliveryCountsSchema = z.record(z.string(), z.number().int());

export const newsSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imagePath: z.string().nullable(),
  audience: newsAudienceSchema,
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  shopIds: z.array(z.string()),
  /** The chosen shops' names (SHOPS), in the order chosen. */
  shopNames: z.array(z.string()),
  status: newsStatusSchema,
  publishAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  sendCount: z.number().int(),
  withdrawnAt: z.string().nullable(),
  ownerAgentId: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Shops it went to, and how many per delivery status (sent ones). */
  shops: z.number().int(),
  deliveries: deliveryCountsSchema,
  publicPath: z.string(),
});
export type News = z.infer<typeof newsSchema>;

export const newsDeliverySchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shopCode: z.string().nullable(),
  whatsapp: z.string().nullable(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  updatedAt: z.string(),
});
export type NewsDelivery = z.infer<typeof newsDeliverySchema>;

/** What a resend did: messages queued, and shops skipped (still no WhatsApp number). */
export const newsResendResultSchema = z.object({ queued: z.number().int(), skipped: z.number().int() });

/** The bell: the news addressed to the caller's shop (and its branches, for a manager). */
export const inboxNewsSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imagePath: z.string().nullable(),
  sentAt: z.string(),
  read: z.boolean(),
});
export type InboxNews = z.infer<typeof inboxNewsSchema>;
export const unreadNewsSchema = z.object({ count: z.number().int() });
export const readNewsBodySchema = z
  .strictObject({
    ids: z.array(idSchema).min(1).max(100, { error: 'validation.tooBig' }).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => !!b.ids !== !!b.all, { error: 'validation.invalid', path: ['ids'] });
export type ReadNewsBody = z.infer<typeof readNewsBodySchema>;

export const newsImageResultSchema = z.object({ imagePath: z.string() });

/** The public page of a sent news item (`/news/<token>`): what its WhatsApp message links to. */
export const publicNewsSchema = z.object({
  title: z.string(),
  body: z.string(),
  imagePath: z.string().nullable(),
  sentAt: z.string(),
  company: z.object({ name: z.string(), logoPath: z.string().nullable() }),
});
export type PublicNews = z.infer<typeof publicNewsSchema>;

// ---- The WhatsApp message (server and the editor's preview show the same text) ----

/**
 * The body as one template value: WhatsApp refuses new lines, tabs and more than four spaces in a
 * row inside a value, so lines are joined with ' · ' and the text is cut at a word near `max`.
 */
export function newsExcerpt(body: string, max = NEWS_EXCERPT_MAX): string {
  const flat = body
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' · ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The `ph_news` template's text; `{{title}}`, `{{text}}` and `{{link}}` are its values. */
export const NEWS_MESSAGE_TEXTS: Record<Language, { subject: string; body: string }> = {
  lo: {
    subject: 'ຂ່າວສານຈາກ Parking Hub',
    body: 'ຂ່າວສານຈາກ Parking Hub: {{title}}\n\n{{text}}\n\nອ່ານທັງໝົດ: {{link}}',
  },
  en: {
    subject: 'News from Parking Hub',
    body: 'News from Parking Hub: {{title}}\n\n{{text}}\n\nRead it all: {{link}}',
  },
};

/** The message a shop receives, as text (the editor's preview; the outbox stores the same). */
export function newsMessageText(
  values: { title: string; body: string; link: string },
  lang: Language = 'lo',
): string {
  const filled: Record<string, string> = {
    title: values.title.replace(/\s+/g, ' ').trim(),
    text: newsExcerpt(values.body),
    link: values.link,
  };
  return NEWS_MESSAGE_TEXTS[lang].body.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => filled[k] ?? whole);
}
