import { messageEnvelope, pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  createUserBodySchema,
  listUsersBodySchema,
  updatePasswordBodySchema,
  updateProfileBodySchema,
  updateStatusBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
  userUidParamsSchema,
} from '@parking-hub/contracts/users';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './users.service.ts';

const tags = ['users'];
const ok = 'success' as const;

export async function usersRoutes(app: ZodApp, { config }: { config: Config }) {
  // A shop's users count against its package in the current month of the platform's zone.
  const timezone = config.platformTimezone;
  app.post('/users', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Users in the caller’s scope (paged; search, role, status, shop filters)',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listUsersBodySchema,
      response: { 200: pagedEnvelope(userSchema) },
    },
    handler: async (request) => {
      // The spec sends the page twice (/users?page=N and in the body); the query fills a default.
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.listUsers(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.post('/user/create', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Create a user of a lower role inside the caller’s scope',
      body: createUserBodySchema,
      response: { 201: successEnvelope(userSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.createUser(app.db, authedContextOf(request), request.body, timezone);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.post('/user/update', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Edit a user; a new password here is a reset and signs the user out everywhere',
      body: updateUserBodySchema,
      response: { 200: successEnvelope(userSchema) },
    },
    handler: async (request) => {
      const data = await service.updateUserById(app.db, authedContextOf(request), request.body, timezone);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/users/update/profile', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'The account dialog: own full name and, optionally, a new password with its confirmation',
      body: updateProfileBodySchema,
      response: { 200: successEnvelope(userSchema) },
    },
    handler: async (request) => {
      const data = await service.updateProfile(
        { db: app.db, outbox: app.outbox },
        authedContextOf(request),
        request.body,
      );
      app.outbox.nudge();
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/user/update/password', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Change own password (needs the current one); other sessions are signed out',
      body: updatePasswordBodySchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await service.updateOwnPassword(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.passwordChanged') };
    },
  });

  app.patch('/users/:u_id/update/status', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Suspend or re-activate a user (suspension signs them out at once)',
      params: userUidParamsSchema,
      body: updateStatusBodySchema,
      response: { 200: successEnvelope(userSchema) },
    },
    handler: async (request) => {
      if (request.body.u_id !== request.params.u_id) throw badRequest({ u_id: 'validation.invalid' });
      const data = await service.updateStatus(app.db, authedContextOf(request), request.body, timezone);
      return { status: ok, message: translate(request.lang, 'success.statusUpdated'), data };
    },
  });

  app.delete('/users/:id/delete', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Delete a user (kept as DELETED; never yourself, never the last SUPER-ADMIN)',
      params: userIdParamsSchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await service.deleteUser(app.db, authedContextOf(request), request.params.id);
      return { status: ok, message: translate(request.lang, 'success.deleted') };
    },
  });
}
