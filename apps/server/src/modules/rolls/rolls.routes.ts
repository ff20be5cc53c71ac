import { pagedEnvelope, pageMetaSchema, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import {
  createPersonDeliveryBodySchema,
  createShopDeliveryBodySchema,
  listRollsBodySchema,
  lowPaperBodySchema,
  lowPaperMetaSchema,
  lowPaperRowSchema,
  rollDeliverySchema,
  rollSettingsSchema,
  rollStockBodySchema,
  rollStockSchema,
  ticketCheckBodySchema,
  ticketCheckSchema,
  updatePersonDeliveryBodySchema,
  updateShopDeliveryBodySchema,
} from '@parking-hub/contracts/rolls';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as paper from './paper.service.ts';
import * as service from './rolls.service.ts';

const tags = ['rolls'];
const ok = 'success' as const;
const pageQuery = z.object({ page: z.coerce.number().int().min(1).optional() });
const delivered = { 201: successEnvelope(rollDeliverySchema) };
const saved = { 200: successEnvelope(rollDeliverySchema) };

export async function rollsRoutes(app: ZodApp, { config }: { config: Config }) {
  const tz = config.platformTimezone;

  app.post('/roll/shop', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Record paper rolls delivered to a shop (agents: to their shops, out of their own stock)',
      body: createShopDeliveryBodySchema,
      response: delivered,
    },
    handler: async (request, reply) => {
      const data = await service.createShopDelivery(app.db, authedContextOf(request), tz, request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/roll/update-shop', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Correct a delivery to a shop',
      body: updateShopDeliveryBodySchema,
      response: saved,
    },
    handler: async (request) => {
      const data = await service.updateShopDelivery(app.db, authedContextOf(request), tz, request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/roll/person', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Record paper rolls given to an agent’s stock',
      body: createPersonDeliveryBodySchema,
      response: delivered,
    },
    handler: async (request, reply) => {
      const data = await service.createPersonDelivery(app.db, authedContextOf(request), tz, request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/roll/update-person', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Correct a delivery to an agent’s stock',
      body: updatePersonDeliveryBodySchema,
      response: saved,
    },
    handler: async (request) => {
      const data = await service.updatePersonDelivery(app.db, authedContextOf(request), tz, request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/rolls', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Roll deliveries in the caller’s scope, newest first (kind, shop, person, date filters)',
      querystring: pageQuery,
      body: listRollsBodySchema,
      response: { 200: pagedEnvelope(rollDeliverySchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.listRolls(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.post('/rolls/stock', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Each agent’s stock of rolls: received, moved to shops, in hand (agents: their own)',
      body: rollStockBodySchema,
      response: { 200: successEnvelope(z.array(rollStockSchema)) },
    },
    handler: async (request) => {
      const data = await paper.stock(app.db, authedContextOf(request), request.body);
      return { status: ok, data };
    },
  });

  app.post('/rolls/low-paper', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Each shop’s remaining paper, pace over the last 14 days and days left; low ones first',
      body: lowPaperBodySchema,
      response: {
        200: z.object({ status: z.literal(ok), data: z.array(lowPaperRowSchema), meta: lowPaperMetaSchema }),
      },
    },
    handler: async (request) => {
      const result = await paper.lowPaper(app.db, authedContextOf(request), tz, request.body);
      return { status: ok, ...result };
    },
  });

  app.post('/rolls/ticket-check', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Tickets printed against tickets delivered per shop for a month and through it',
      description:
        'A shop that printed more than it received is flagged. With shopId, the printed roll serials of the month outside every range delivered to the shop, as ranges.',
      body: ticketCheckBodySchema,
      response: { 200: z.object({ status: z.literal(ok), data: ticketCheckSchema, meta: pageMetaSchema }) },
    },
    handler: async (request) => {
      const result = await paper.ticketCheck(app.db, authedContextOf(request), tz, request.body);
      return { status: ok, ...result };
    },
  });

  app.get('/rolls/settings', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'The low-paper threshold in days',
      response: { 200: successEnvelope(rollSettingsSchema) },
    },
    handler: async () => ({ status: ok, data: await paper.rollSettings(app.db) }),
  });

  app.post('/rolls/settings', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Set the low-paper threshold in days',
      body: rollSettingsSchema,
      response: { 200: successEnvelope(rollSettingsSchema) },
    },
    handler: async (request) => {
      const data = await paper.saveRollSettings(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });
}
