import {
  accessTokenSchema,
  listAccessTokensBodySchema,
  sessionIdParamsSchema,
} from '@parking-hub/contracts/access-tokens';
import { messageEnvelope, pagedEnvelope } from '@parking-hub/contracts/envelope';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import type { Config } from '../../config.ts';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { listAccessTokens, revokeAccessToken } from './access-tokens.service.ts';

const tags = ['access tokens'];

export async function accessTokensRoutes(app: ZodApp, { config }: { config: Config }) {
  const route = authedRoutes(app);

  route.post('/access-token', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Sign-in sessions (paged; filter by user, status, search). ADMIN and SUPER-ADMIN only',
      body: listAccessTokensBodySchema,
      response: { 200: pagedEnvelope(accessTokenSchema) },
    },
    run: (ctx, { body }) => listAccessTokens(app.db, ctx, body, config.session.idleMs),
  });

  route.delete('/access-token/:sessionId', {
    roles: ADMIN_ROLES,
    schema: {
      tags,
      summary: 'Revoke a session; it stops working on its next request',
      params: sessionIdParamsSchema,
      response: { 200: messageEnvelope },
    },
    message: 'success.revoked',
    run: (ctx, { params }) => revokeAccessToken(app.db, ctx, params.sessionId),
  });
}
