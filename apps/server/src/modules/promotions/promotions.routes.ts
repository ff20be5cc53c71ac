import { pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  agentCapSchema,
  createPromotionBodySchema,
  listPromotionsBodySchema,
  promotionSchema,
  promotionsForShopBodySchema,
  shopPromotionSchema,
  updatePromotionBodySchema,
} from '@parking-hub/contracts/promotions';
import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { acceptUploadForms } from '../../lib/image-upload.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { readAgentCap, updateAgentCap } from './promotions.cap.ts';
import { readPromotionImageForm } from './promotions.image.ts';
import * as service from './promotions.service.ts';

const tags = ['promotions'];
const ok = 'success' as const;

/**
 * Promotions on rent (issue 13): admins make any; agents make them for their own shops within the
 * cap admins set, and read the platform's that reach their shops. Other roles: 403.
 */
export async function promotionsRoutes(app: ZodApp, { config }: { config: Config }) {
  await acceptUploadForms(app);
  const opts = { timezone: config.platformTimezone, uploadsDir: config.uploadsDir };

  app.post('/promotions', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Promotions the caller may read (paged; title search, state, audience, package, shop)',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listPromotionsBodySchema,
      response: { 200: pagedEnvelope(promotionSchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.listPromotions(
        app.db,
        authedContextOf(request),
        { ...body, page },
        opts.timezone,
      );
      return { status: ok, ...result };
    },
  });

  app.post('/promotion/create', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Create a promotion (an agent’s: their own shops only, within the agents’ cap)',
      body: createPromotionBodySchema,
      response: { 201: successEnvelope(promotionSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.createPromotion(
        app.db,
        authedContextOf(request),
        request.body,
        opts.timezone,
      );
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/promotion/update', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'Change the fields sent (also switches a promotion on or off; imagePath null removes the picture)',
      body: updatePromotionBodySchema,
      response: { 200: successEnvelope(promotionSchema) },
    },
    handler: async (request) => {
      const data = await service.updatePromotion(app.db, authedContextOf(request), request.body, opts);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/promotion/image', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'Upload a promotion’s picture (multipart: `id`, one file `file`; PNG, JPEG or WebP, at most 2 MB)',
      consumes: ['multipart/form-data'],
      response: { 200: successEnvelope(promotionSchema) },
    },
    handler: async (request) => {
      const upload = await readPromotionImageForm(request);
      const data = await service.replaceImage(app.db, authedContextOf(request), upload, opts);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/promotions/for-shop', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'The promotions on a shop’s rent of one month, with the discount on that month’s package',
      body: promotionsForShopBodySchema,
      response: { 200: successEnvelope(z.array(shopPromotionSchema)) },
    },
    handler: async (request) => {
      const data = await service.promotionsForShop(
        app.db,
        authedContextOf(request),
        request.body,
        opts.timezone,
      );
      return { status: ok, data };
    },
  });

  app.get('/promotion/cap', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'The limits on agents’ promotions (highest percent, amount, free months; how many running)',
      response: { 200: successEnvelope(agentCapSchema) },
    },
    handler: async () => ({ status: ok, data: await readAgentCap(app.db) }),
  });

  app.post('/promotion/cap', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Set the limits on agents’ promotions (applies to their next changes)',
      body: agentCapSchema,
      response: { 200: successEnvelope(agentCapSchema) },
    },
    handler: async (request) => {
      const data = await updateAgentCap(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });
}
