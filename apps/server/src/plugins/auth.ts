import { type Language, languageFromHeader } from '@parking-hub/contracts/messages';
import { isRole, type Role } from '@parking-hub/contracts/roles';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Actor, AuthedContext, RequestContext } from '../lib/context.ts';
import { hashToken } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findLiveSession, type LiveSession, touchSession } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The session and its user as `authorize` read them (shop fields joined). */
    session: LiveSession | null;
    lang: Language;
  }
  interface FastifyInstance {
    db: Db;
    /** A preHandler that signs the request in from its bearer token and checks the role. */
    authorize(roles?: readonly Role[]): preHandlerAsyncHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

export function contextOf(request: FastifyRequest): RequestContext {
  return {
    actor: request.actor,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    requestId: request.id,
    lang: request.lang,
  };
}

/** The context of a request that passed `authorize`. */
export function authedContextOf(request: FastifyRequest): AuthedContext {
  const ctx = contextOf(request);
  if (!ctx.actor) throw unauthorized();
  return ctx as AuthedContext;
}

export interface AuthOptions {
  sessionIdleMs: number;
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  app.decorateRequest('lang', 'lo');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });

  app.decorate('authorize', (roles?: readonly Role[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const session = await findLiveSession(app.db, hashToken(token), opts.sessionIdleMs);
      if (!session || !isRole(session.role)) throw unauthorized('errors.sessionExpired');
      request.session = session;
      request.actor = {
        id: session.userId,
        username: session.username,
        fullName: session.fullName,
        role: session.role,
        shopId: session.shopId,
        sessionId: session.sessionId,
      };
      request.log = request.log.child({ userId: session.userId });
      if (roles && !roles.includes(session.role)) throw forbidden();
      if (Date.now() - session.lastUsedAt.getTime() > 60_000) {
        touchSession(app.db, session.sessionId).catch((err) =>
          request.log.warn({ err }, 'session touch failed'),
        );
      }
    };
  });
});
