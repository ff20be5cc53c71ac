import { successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  createFeeBodySchema,
  createPackageBodySchema,
  deletePackageResultSchema,
  feeSchema,
  packageIdBodySchema,
  packageIdParamsSchema,
  packageSchema,
  updateFeeBodySchema,
  updatePackageBodySchema,
} from '@parking-hub/contracts/packages';
import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './packages.service.ts';

const tags = ['packages'];
const ok = 'success' as const;

export async function packagesRoutes(app: ZodApp, { config }: { config: Config }) {
  const timezone = config.platformTimezone;

  app.get('/packages', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Every rental package, with how many main shops in the caller’s scope have it this month',
      response: { 200: successEnvelope(z.array(packageSchema)) },
    },
    handler: async (request) => {
      const data = await service.listPackages(app.db, authedContextOf(request), timezone);
      return { status: ok, data };
    },
  });

  app.post('/packages/create', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Add a package (kip amounts whole and not negative; an empty allowance is no limit)',
      body: createPackageBodySchema,
      response: { 201: successEnvelope(packageSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.createPackage(app.db, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/packages/update', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Change the fields sent of a package (active: false stops offering it)',
      body: updatePackageBodySchema,
      response: { 200: successEnvelope(packageSchema) },
    },
    handler: async (request) => {
      const data = await service.updatePackage(app.db, authedContextOf(request), request.body, timezone);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  const remove = async (request: FastifyRequest, id: string) => {
    const data = await service.deletePackage(app.db, authedContextOf(request), id);
    const key = data.deleted ? 'success.deleted' : 'success.packageDeactivated';
    return { status: ok, message: translate(request.lang, key), data };
  };
  const deleteSummary = 'Delete a package no shop ever had; one a shop has or had is deactivated instead';

  app.post('/packages/delete', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: deleteSummary,
      body: packageIdBodySchema,
      response: { 200: successEnvelope(deletePackageResultSchema) },
    },
    handler: (request) => remove(request, request.body.id),
  });

  app.delete('/packages/delete/:id', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: deleteSummary,
      params: packageIdParamsSchema,
      response: { 200: successEnvelope(deletePackageResultSchema) },
    },
    handler: (request) => remove(request, request.params.id),
  });

  app.get('/fees', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'The other chargeable items (paper roll, set-up, extra user, printer…) with their amounts',
      response: { 200: successEnvelope(z.array(feeSchema)) },
    },
    handler: async () => ({ status: ok, data: await service.listFees(app.db) }),
  });

  app.post('/fees/create', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Add a chargeable item (its code is how rolls and invoices find it; unique)',
      body: createFeeBodySchema,
      response: { 201: successEnvelope(feeSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.createFee(app.db, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/fees/update', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Change the names, amount or active flag of an item (its code stays)',
      body: updateFeeBodySchema,
      response: { 200: successEnvelope(feeSchema) },
    },
    handler: async (request) => {
      const data = await service.updateFee(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });
}
