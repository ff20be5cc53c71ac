import {
  appCheckMessageKey,
  appCheckQuerySchema,
  appCheckSchema,
  appVersionIdParamsSchema,
  appVersionSchema,
  createAppVersionBodySchema,
  listAppVersionsQuerySchema,
  updateAppVersionBodySchema,
} from '@parking-hub/contracts/app-versions';
import { pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { AppCheckCache, CHECK_CACHE_MS } from './app-check-cache.ts';
import * as service from './app-versions.service.ts';

const tags = ['app versions'];
const ok = 'success' as const;

/**
 * The staff mobile app's releases (admins) and the check the app makes at start (public). The
 * check is not rate limited: its answer is public, the same for every phone and served from
 * memory, and a limit per IP low enough to matter would refuse a shop's staff behind one NAT.
 */
export async function appVersionsRoutes(app: ZodApp, _opts: { config: Config }) {
  const checks = new AppCheckCache(CHECK_CACHE_MS, (platform, now) =>
    service.readCheckReleases(app.db, platform, now),
  );

  const route = authedRoutes(app);

  route.get('/version-apps', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'The app’s releases, one platform’s (`platform`) or both, newest version first, paged',
      querystring: listAppVersionsQuerySchema,
      response: { 200: pagedEnvelope(appVersionSchema) },
    },
    run: (_ctx, { query }) => service.listAppVersions(app.db, query),
  });

  route.post('/version-app/create', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Add a release (released now unless `releasedAt` says a later time)',
      description:
        'Versions are strict MAJOR.MINOR.PATCH (no suffix); the minimum supported version is at most the version; builds rise with the versions on a platform (409 otherwise, as for a version or build the platform has).',
      body: createAppVersionBodySchema,
      response: { 201: successEnvelope(appVersionSchema) },
    },
    message: 'success.created',
    run: (ctx, { body }) => service.createAppVersion(app.db, ctx, body, checks),
  });

  route.post('/version-app/update', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Change the fields sent of a release (its platform stays)',
      body: updateAppVersionBodySchema,
      response: { 200: successEnvelope(appVersionSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => service.updateAppVersion(app.db, ctx, body, checks),
  });

  route.delete('/app/info/delete/:id', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Withdraw a release (the check then answers with the one before it)',
      params: appVersionIdParamsSchema,
      response: { 200: successEnvelope(z.object({ id: z.string() })) },
    },
    message: 'success.deleted',
    run: (ctx, { params }) => service.deleteAppVersion(app.db, ctx, params.id, checks),
  });

  app.get('/app/check', {
    schema: {
      tags: ['public'],
      summary: 'The mobile app’s start-up check: the latest release, whether to update and whether it must',
      description:
        'No sign-in. `version` is MAJOR.MINOR.PATCH, `build` optional (compared only between equal versions). Required: the version is below the latest release’s minimum supported version, or a force-update release is newer. Notes and message follow Accept-Language (Lao unless English comes first). Answered from a cache of a few seconds.',
      security: [],
      querystring: appCheckQuerySchema,
      response: { 200: successEnvelope(appCheckSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.appCheck(checks, request.query, request.lang);
      reply.header('cache-control', 'no-store');
      const message = translate(request.lang, appCheckMessageKey(data), {
        version: data.latest?.version ?? '',
      });
      return { status: ok, message, data };
    },
  });
}
