import {
  loginBodySchema,
  loginResultSchema,
  meBodySchema,
  meResultSchema,
} from '@parking-hub/contracts/auth';
import { messageEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import type { Config } from '../../config.ts';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { authedContextOf, contextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { login, logout, me } from './auth.service.ts';

const tags = ['auth'];

export async function authRoutes(app: ZodApp, { config }: { config: Config }) {
  app.post('/login', {
    config: {
      rateLimit: {
        max: config.login.ratePerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: (_req, context) =>
          tooManyRequests('errors.tooManyRequests', Math.max(1, Math.ceil(context.ttl / 60_000))),
      },
    },
    schema: {
      tags,
      summary: 'Sign in with user name (or phone) and password; answers a bearer token and the session user',
      body: loginBodySchema,
      response: { 200: successEnvelope(loginResultSchema) },
    },
    handler: async (request) => {
      const data = await login(app.db, contextOf(request), request.body, config);
      return { status: 'success' as const, message: translate(request.lang, 'success.loggedIn'), data };
    },
  });

  app.post('/me', {
    // Fresh: /me answers the shop's fields (prices, hours…) too, which a cached session may lack.
    preHandler: app.authorize(undefined, { fresh: true }),
    schema: {
      tags,
      summary: 'The signed-in user (session refresh); `brand` is the device brand, the web sends "unknown"',
      body: meBodySchema.optional(),
      response: { 200: successEnvelope(meResultSchema) },
    },
    handler: async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const user = await me(app.db, session, request.body?.brand);
      return { status: 'success' as const, data: { user } };
    },
  });

  app.post('/logout', {
    preHandler: app.authorize(),
    schema: { tags, summary: 'Revoke the token of this request', response: { 200: messageEnvelope } },
    handler: async (request) => {
      await logout(app.db, authedContextOf(request));
      return { status: 'success' as const, message: translate(request.lang, 'success.loggedOut') };
    },
  });
}
