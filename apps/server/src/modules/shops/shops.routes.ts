import { successEnvelope } from '@parking-hub/contracts/envelope';
import { shopAutocompleteQuerySchema, shopOptionSchema } from '@parking-hub/contracts/shops';
import { z } from 'zod';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { autocompleteShops } from './shops.repository.ts';

export async function shopsRoutes(app: ZodApp) {
  app.get('/shops', {
    preHandler: app.authorize(),
    schema: {
      tags: ['shops'],
      summary: 'Shop autocomplete (id and name, at most 20, scoped to the caller)',
      querystring: shopAutocompleteQuerySchema,
      response: { 200: successEnvelope(z.array(shopOptionSchema)) },
    },
    handler: async (request) => {
      const ctx = authedContextOf(request);
      const data = await autocompleteShops(app.db, ctx.actor, request.query.q);
      return { status: 'success' as const, data };
    },
  });
}
