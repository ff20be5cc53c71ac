import { successEnvelope } from '@parking-hub/contracts/envelope';
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
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './packages.service.ts';

const tags = ['packages'];

export async function packagesRoutes(app: ZodApp, { config }: { config: Config }) {
  const timezone = config.platformTimezone;
  const route = authedRoutes(app);

  route.get('/packages', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'Every rental package, with how many main shops in the caller’s scope have it this month',
      response: { 200: successEnvelope(z.array(packageSchema)) },
    },
    run: (ctx) => service.listPackages(app.db, ctx, timezone),
  });

  route.post('/packages/create', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Add a package (kip amounts whole and not negative; an empty allowance is no limit)',
      body: createPackageBodySchema,
      response: { 201: successEnvelope(packageSchema) },
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createPackage(app.db, ctx, body),
  });

  route.post('/packages/update', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Change the fields sent of a package (active: false stops offering it)',
      body: updatePackageBodySchema,
      response: { 200: successEnvelope(packageSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updatePackage(app.db, ctx, body, timezone),
  });

  // The same delete by POST (body) and by DELETE (path).
  const summary = 'Delete a package no shop ever had; one a shop has or had is deactivated instead';
  const response = { 200: successEnvelope(deletePackageResultSchema) };
  const removed = ({ deleted }: { deleted: boolean }) =>
    deleted ? 'success.deleted' : 'success.packageDeactivated';

  route.post('/packages/delete', {
    roles: ADMIN_ROLES,
    schema: { tags, summary, body: packageIdBodySchema, response },
    message: removed,
    run: (ctx, { body }) => service.deletePackage(app.db, ctx, body.id),
  });

  route.delete('/packages/delete/:id', {
    roles: ADMIN_ROLES,
    schema: { tags, summary, params: packageIdParamsSchema, response },
    message: removed,
    run: (ctx, { params }) => service.deletePackage(app.db, ctx, params.id),
  });

  route.get('/fees', {
    roles: AGENT_AREA_ROLES,
    schema: {
      tags,
      summary: 'The other chargeable items (paper roll, set-up, extra user, printer…) with their amounts',
      response: { 200: successEnvelope(z.array(feeSchema)) },
    },
    run: () => service.listFees(app.db),
  });

  route.post('/fees/create', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Add a chargeable item (its code is how rolls and invoices find it; unique)',
      body: createFeeBodySchema,
      response: { 201: successEnvelope(feeSchema) },
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createFee(app.db, ctx, body),
  });

  route.post('/fees/update', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Change the names, amount or active flag of an item (its code stays)',
      body: updateFeeBodySchema,
      response: { 200: successEnvelope(feeSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updateFee(app.db, ctx, body),
  });
}
