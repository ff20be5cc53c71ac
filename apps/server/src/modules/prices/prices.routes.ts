import { messageEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import {
  createPriceBodySchema,
  deletePriceBodySchema,
  listPricesBodySchema,
  priceRuleSchema,
  updatePriceBodySchema,
} from '@parking-hub/contracts/prices';
import { SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './prices.service.ts';

const tags = ['prices'];

export async function pricesRoutes(app: ZodApp) {
  const route = authedRoutes(app);

  route.post('/prices', {
    schema: {
      tags,
      summary: 'The price rules of a shop in the caller’s scope, one per vehicle type',
      body: listPricesBodySchema,
      response: { 200: successEnvelope(z.array(priceRuleSchema)) },
    },
    run: (ctx, { body }) => service.listPrices(app.db, ctx, body.shopId),
  });

  route.post('/prices/create', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Add the rule of a vehicle type the shop does not price yet',
      body: createPriceBodySchema,
      response: { 201: successEnvelope(priceRuleSchema) },
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createPrice(app.db, ctx, body),
  });

  route.post('/prices/update', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Replace a rule; a motorbike or car rule also sets the shop’s priceMotorbike / priceCar',
      body: updatePriceBodySchema,
      response: { 200: successEnvelope(priceRuleSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updatePrice(app.db, ctx, body),
  });

  route.post('/prices/delete', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Delete a rule (the motorbike and car rules stay: edit them instead)',
      body: deletePriceBodySchema,
      response: { 200: messageEnvelope },
    },
    message: 'success.deleted',
    run: (ctx, { body }) => service.deletePrice(app.db, ctx, body.id),
  });
}
