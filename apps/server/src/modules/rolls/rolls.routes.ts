import { pagedEnvelope, pageMetaSchema, successEnvelope } from '@parking-hub/contracts/envelope';
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
import { authedRoutes } from '../../plugins/route.ts';
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
  const route = authedRoutes(app);

  route.post('/roll/shop', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Record paper rolls delivered to a shop (agents: to their shops, out of their own stock)',
      body: createShopDeliveryBodySchema,
      response: delivered,
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createShopDelivery(app.db, ctx, tz, body),
  });

  route.post('/roll/update-shop', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Correct a delivery to a shop',
      body: updateShopDeliveryBodySchema,
      response: saved,
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updateShopDelivery(app.db, ctx, tz, body),
  });

  route.post('/roll/person', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Record paper rolls given to an agent’s stock',
      body: createPersonDeliveryBodySchema,
      response: delivered,
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createPersonDelivery(app.db, ctx, tz, body),
  });

  route.post('/roll/update-person', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Correct a delivery to an agent’s stock',
      body: updatePersonDeliveryBodySchema,
      response: saved,
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updatePersonDelivery(app.db, ctx, tz, body),
  });

  route.post('/rolls', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Roll deliveries in the caller’s scope, newest first (kind, shop, person, date filters)',
      querystring: pageQuery,
      body: listRollsBodySchema,
      response: { 200: pagedEnvelope(rollDeliverySchema) },
    },
    run: (ctx, { body, query }) => {
      const page = query.page && body.page === 1 ? query.page : body.page;
      return service.listRolls(app.db, ctx, { ...body, page });
    },
  });

  route.post('/rolls/stock', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Each agent’s stock of rolls: received, moved to shops, in hand (agents: their own)',
      body: rollStockBodySchema,
      response: { 200: successEnvelope(z.array(rollStockSchema)) },
    },
    run: (ctx, { body }) => paper.stock(app.db, ctx, body),
  });

  route.post('/rolls/low-paper', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Each shop’s remaining paper, pace over the last 14 days and days left; low ones first',
      body: lowPaperBodySchema,
      response: {
        200: z.object({ status: z.literal(ok), data: z.array(lowPaperRowSchema), meta: lowPaperMetaSchema }),
      },
    },
    run: (ctx, { body }) => paper.lowPaper(app.db, ctx, tz, body),
  });

  route.post('/rolls/ticket-check', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Tickets printed against tickets delivered per shop for a month and through it',
      description:
        'A shop that printed more than it received is flagged. With shopId, the printed roll serials of the month outside every range delivered to the shop, as ranges.',
      body: ticketCheckBodySchema,
      response: { 200: z.object({ status: z.literal(ok), data: ticketCheckSchema, meta: pageMetaSchema }) },
    },
    run: (ctx, { body }) => paper.ticketCheck(app.db, ctx, tz, body),
  });

  route.get('/rolls/settings', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'The low-paper threshold in days',
      response: { 200: successEnvelope(rollSettingsSchema) },
    },
    run: () => paper.rollSettings(app.db),
  });

  route.post('/rolls/settings', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Set the low-paper threshold in days',
      body: rollSettingsSchema,
      response: { 200: successEnvelope(rollSettingsSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => paper.saveRollSettings(app.db, ctx, body),
  });
}
