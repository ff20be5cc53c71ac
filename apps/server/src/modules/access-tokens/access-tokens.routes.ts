import {
  accessTokenSchema,
  listAccessTokensBodySchema,
  sessionIdParamsSchema,
} from '@parking-hub/contracts/access-tokens';
import { messageEnvelope, pagedEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { listAccessTokens, revokeAccessToken } from './access-tokens.service.ts';

const tags = ['access tokens'];

export async function accessTokensRoutes(app: ZodApp, { config }: { config: Config }) {
  app.post('/access-token', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Sign-in sessions (paged; filter by user, status, search). ADMIN and SUPER-ADMIN only',
      body: listAccessTokensBodySchema,
      response: { 200: pagedEnvelope(accessTokenSchema) },
    },
    handler: async (request) => {
      const result = await listAccessTokens(
        app.db,
        authedContextOf(request),
        request.body,
        config.session.idleMs,
      );
      return { status: 'success' as const, ...result };
    },
  });

  app.delete('/access-token/:sessionId', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Revoke a session; it stops working on its next request',
      params: sessionIdParamsSchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await revokeAccessToken(app.db, authedContextOf(request), request.params.sessionId);
      return { status: 'success' as const, message: translate(request.lang, 'success.revoked') };
    },
  });
}
