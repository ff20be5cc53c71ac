import { pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { searchSchema } from '@parking-hub/contracts/fields';
import { translate } from '@parking-hub/contracts/messages';
import { AGENT_AREA_ROLES, SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import {
  agentOptionSchema,
  createBranchBodySchema,
  createShopBodySchema,
  listShopsBodySchema,
  shopAutocompleteQuerySchema,
  shopDetailSchema,
  shopIdBodySchema,
  shopOptionSchema,
  shopSchema,
  updateShopBodySchema,
} from '@parking-hub/contracts/shops';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { acceptUploadForms } from '../../lib/image-upload.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { createBranch, createShop } from './shops.create.service.ts';
import { readLogoForm } from './shops.logo.ts';
import { autocompleteShops } from './shops.repository.ts';
import * as service from './shops.service.ts';
import { replaceLogo, updateShop } from './shops.update.service.ts';

const tags = ['shops'];
const ok = 'success' as const;

export async function shopsRoutes(app: ZodApp, { config }: { config: Config }) {
  await acceptUploadForms(app);
  const timezone = config.platformTimezone;
  app.get('/shops', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Shop autocomplete (id and name, at most 20, scoped to the caller)',
      querystring: shopAutocompleteQuerySchema,
      response: { 200: successEnvelope(z.array(shopOptionSchema)) },
    },
    handler: async (request) => {
      const ctx = authedContextOf(request);
      const data = await autocompleteShops(app.db, ctx.actor, request.query.q);
      return { status: ok, data };
    },
  });

  app.post('/shops', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Shops in the caller’s scope (paged; search by name or code, status, agent, package, parent)',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listShopsBodySchema,
      response: { 200: pagedEnvelope(shopSchema) },
    },
    handler: async (request) => {
      // As with POST /users, the page may come in the query (/shops?page=N) or in the body.
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.listShops(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.post('/shop/create', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'Create a main shop (an agent’s new shop is theirs) with its package from a month; motorbike and car prices start flat',
      body: createShopBodySchema,
      response: { 201: successEnvelope(shopSchema) },
    },
    handler: async (request, reply) => {
      const data = await createShop(app.db, authedContextOf(request), request.body, timezone);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/branch/create', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary:
        'Add a branch to a main shop in scope; it takes the shop’s agent, package and (unless given) hours',
      body: createBranchBodySchema,
      response: { 201: successEnvelope(shopSchema) },
    },
    handler: async (request, reply) => {
      const data = await createBranch(app.db, authedContextOf(request), request.body, timezone);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/shop/update', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary:
        'Change the fields sent; new motorbike or car prices also change those price rules; a package takes effect from `packageFrom` (this month by default)',
      body: updateShopBodySchema,
      response: { 200: successEnvelope(shopSchema) },
    },
    handler: async (request) => {
      const data = await updateShop(app.db, authedContextOf(request), request.body, timezone);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/shop/detail', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary:
        'A shop with its branches, staff, price rules, today’s figures (its business day) and package months',
      body: shopIdBodySchema,
      response: { 200: successEnvelope(shopDetailSchema) },
    },
    handler: async (request) => {
      const data = await service.shopDetail(app.db, authedContextOf(request), request.body.id);
      return { status: ok, data };
    },
  });

  app.post('/shop/logo', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Upload the shop logo (multipart: `id`, one file `file`; PNG, JPEG or WebP, at most 1 MiB)',
      consumes: ['multipart/form-data'],
      response: { 200: successEnvelope(shopSchema) },
    },
    handler: async (request) => {
      const upload = await readLogoForm(request);
      const data = await replaceLogo(app.db, authedContextOf(request), config.uploadsDir, upload);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.get('/dividuals-agent', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'Agents for the shop form: active agents (at most 50) for admins, only themselves for an agent',
      querystring: z.object({ q: searchSchema }),
      response: { 200: successEnvelope(z.array(agentOptionSchema)) },
    },
    handler: async (request) => {
      const data = await service.agentOptions(app.db, authedContextOf(request), request.query.q);
      return { status: ok, data };
    },
  });
}
