import { messageEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  createPriceBodySchema,
  deletePriceBodySchema,
  listPricesBodySchema,
  priceRuleSchema,
  updatePriceBodySchema,
} from '@parking-hub/contracts/prices';
import { SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './prices.service.ts';

const tags = ['prices'];
const ok = 'success' as const;

export async function pricesRoutes(app: ZodApp) {
  app.post('/prices', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'The price rules of a shop in the caller’s scope, one per vehicle type',
      body: listPricesBodySchema,
      response: { 200: successEnvelope(z.array(priceRuleSchema)) },
    },
    handler: async (request) => {
      const data = await service.listPrices(app.db, authedContextOf(request), request.body.shopId);
      return { status: ok, data };
    },
  });

  app.post('/prices/create', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Add the rule of a vehicle type the shop does not price yet',
      body: createPriceBodySchema,
      response: { 201: successEnvelope(priceRuleSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.createPrice(app.db, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/prices/update', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Replace a rule; a motorbike or car rule also sets the shop’s priceMotorbike / priceCar',
      body: updatePriceBodySchema,
      response: { 200: successEnvelope(priceRuleSchema) },
    },
    handler: async (request) => {
      const data = await service.updatePrice(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/prices/delete', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Delete a rule (the motorbike and car rules stay: edit them instead)',
      body: deletePriceBodySchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await service.deletePrice(app.db, authedContextOf(request), request.body.id);
      return { status: ok, message: translate(request.lang, 'success.deleted') };
    },
  });
}
