import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  pagedEnvelope,
  successEnvelope,
} from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  createNewsBodySchema,
  inboxNewsSchema,
  listNewsBodySchema,
  newsDeliveriesBodySchema,
  newsDeliverySchema,
  newsIdBodySchema,
  newsImageResultSchema,
  newsResendResultSchema,
  newsSchema,
  publicNewsSchema,
  readNewsBodySchema,
  resendNewsBodySchema,
  unreadNewsSchema,
  updateNewsBodySchema,
} from '@parking-hub/contracts/news';
import { AGENT_AREA_ROLES, SHOP_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { type Config, publicUrlMissing } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { acceptUploadForms } from '../../lib/image-upload.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { API_PREFIX } from '../../plugins/web-static.ts';
import { storeNewsImage } from './news.image.ts';
import * as shopSide from './news.inbox.ts';
import { publicNews } from './news.public.ts';
import * as service from './news.service.ts';

const tags = ['news'];
const ok = 'success' as const;
const pageQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

export const newsDeps = (app: ZodApp, config: Config): service.NewsDeps => ({
  db: app.db,
  outbox: app.outbox,
  publicUrl: config.publicUrl,
  publicUrlMissing: publicUrlMissing(config),
  uploadsDir: config.uploadsDir,
});

/**
 * News to shops (issue 16): admins write to any audience, agents to their own shops; shop staff
 * and managers read what reached their shop (the bell, the staff app). Other roles: 403.
 */
export async function newsRoutes(app: ZodApp, { config }: { config: Config }) {
  await acceptUploadForms(app);
  const deps = newsDeps(app, config);

  app.post('/news', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'News the caller may see (paged; search, status, audience; withdrawn only by status)',
      querystring: pageQuery,
      body: listNewsBodySchema,
      response: { 200: pagedEnvelope(newsSchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      return {
        status: ok,
        ...(await service.listNews(app.db, authedContextOf(request).actor, { ...body, page })),
      };
    },
  });

  app.get('/news/:id', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'One news item with its shops’ delivery counts',
      params: newsIdBodySchema,
      response: { 200: successEnvelope(newsSchema) },
    },
    handler: async (request) => ({
      status: ok,
      data: await service.getNews(app.db, authedContextOf(request).actor, request.params.id),
    }),
  });

  app.post('/news/create', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Write news: kept as a draft, scheduled, or sent now to each shop’s WhatsApp',
      body: createNewsBodySchema,
      response: { 201: successEnvelope(newsSchema) },
    },
    handler: async (request, reply) => {
      const saved = await service.createNews(deps, authedContextOf(request), request.body);
      const message = translate(request.lang, saved.message.key, saved.message.params);
      return reply.code(201).send({ status: ok, message, data: saved.news });
    },
  });

  app.post('/news/update', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Change a draft or scheduled item (or send it now); a sent one’s title, text and picture',
      body: updateNewsBodySchema,
      response: { 200: successEnvelope(newsSchema) },
    },
    handler: async (request) => {
      const saved = await service.updateNews(deps, authedContextOf(request), request.body);
      return {
        status: ok,
        message: translate(request.lang, saved.message.key, saved.message.params),
        data: saved.news,
      };
    },
  });

  app.post('/news/delete', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Withdraw a news item (kept, marked withdrawn; shops no longer see it)',
      body: newsIdBodySchema,
      response: { 200: successEnvelope(z.null()) },
    },
    handler: async (request) => {
      await service.withdrawNews(app.db, authedContextOf(request), request.body.id);
      return { status: ok, message: translate(request.lang, 'success.newsWithdrawn'), data: null };
    },
  });

  app.post('/news/resent', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Send a sent item again: to the shops that did not get it (default) or to all',
      body: resendNewsBodySchema,
      response: { 200: successEnvelope(newsResendResultSchema) },
    },
    handler: async (request) => {
      const data = await service.resendNews(deps, authedContextOf(request), request.body);
      return {
        status: ok,
        message: translate(request.lang, 'success.newsResent', { queued: data.queued }),
        data,
      };
    },
  });

  app.post('/news/deliveries', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Per shop: whether the item’s WhatsApp message was sent, delivered, read or failed (paged)',
      querystring: pageQuery,
      body: newsDeliveriesBodySchema,
      response: { 200: pagedEnvelope(newsDeliverySchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      return {
        status: ok,
        ...(await service.listDeliveries(app.db, authedContextOf(request).actor, { ...body, page })),
      };
    },
  });

  app.post('/news/image', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'Upload a news picture (multipart, one file `file`: PNG, JPEG or WebP, at most 2 MB); answers its path',
      consumes: ['multipart/form-data'],
      response: { 201: successEnvelope(newsImageResultSchema) },
    },
    handler: async (request, reply) => {
      const imagePath = await storeNewsImage(request, config.uploadsDir);
      return reply.code(201).send({ status: ok, data: { imagePath } });
    },
  });

  // The shop's side: the bell in the back office and the staff mobile app read the same calls.
  app.get('/news/inbox', {
    preHandler: app.authorize(SHOP_ROLES),
    schema: {
      tags,
      summary:
        'The news sent to the caller’s shop (a manager: and its branches), newest first, with read marks',
      querystring: pageQuery.extend({
        pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
      }),
      response: { 200: pagedEnvelope(inboxNewsSchema) },
    },
    handler: async (request) => {
      const { page = 1, pageSize } = request.query;
      return {
        status: ok,
        ...(await shopSide.inbox(app.db, authedContextOf(request).actor, { page, pageSize })),
      };
    },
  });

  app.get('/news/unread', {
    preHandler: app.authorize(SHOP_ROLES),
    schema: {
      tags,
      summary: 'How many news items addressed to the caller’s shop they have not read (the bell’s count)',
      response: { 200: successEnvelope(unreadNewsSchema) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        status: ok,
        data: { count: await shopSide.unreadCount(app.db, authedContextOf(request).actor) },
      };
    },
  });

  app.post('/news/read', {
    preHandler: app.authorize(SHOP_ROLES),
    schema: {
      tags,
      summary: 'Mark news as read by the caller: the ids given, or all',
      body: readNewsBodySchema,
      response: { 200: successEnvelope(unreadNewsSchema) },
    },
    handler: async (request) => {
      const actor = authedContextOf(request).actor;
      await shopSide.markRead(app.db, actor, request.body);
      return { status: ok, data: { count: await shopSide.unreadCount(app.db, actor) } };
    },
  });
}

/** The public page of a sent news item (its WhatsApp message's link): no sign-in, rate limited. */
export async function publicNewsRoutes(app: ZodApp, { config }: { config: Config }) {
  const limit = app.rateLimit({
    max: config.publicRatePerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests('errors.tooManyRequests', Math.max(1, Math.ceil(context.ttl / 60_000))),
  });
  app.get(`${API_PREFIX}/v1/public/news/:token`, {
    onRequest: limit,
    schema: {
      tags: ['public'],
      summary: 'A sent news item as its shops read it (no sign-in); a withdrawn one answers 410',
      security: [],
      params: z.object({ token: z.string() }),
      response: { 200: successEnvelope(publicNewsSchema) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: ok, data: await publicNews(app.db, request.params.token) };
    },
  });
}
