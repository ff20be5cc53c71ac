import { type Language, languageFromHeader } from '@parking-hub/contracts/messages';
import { isRole, type Role } from '@parking-hub/contracts/roles';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Actor, AuthedContext, RequestContext } from '../lib/context.ts';
import { hashToken } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { ChangeFeed } from '../modules/auth/change-feed.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
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
    /** Changes other instances made (LISTEN), for the caches that must forget them. */
    changes: ChangeFeed;
    /**
     * A preHandler that signs the request in from its bearer token and checks the role.
     * `fresh` reads the session from the database even when a cached copy is at hand.
     */
    authorize(roles?: readonly Role[], options?: { fresh?: boolean }): preHandlerAsyncHookHandler;
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
  /** How long a signed-in session is remembered (0: never); see SessionCache. */
  sessionCacheMs: number;
  /** The database to LISTEN on for session, user and shop changes. */
  listenUrl: string;
}

export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('session', null);
  app.decorateRequest('lang', 'lo');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    done();
  });

  // The caches (sessions here, what a scan reads in bills) share this one LISTEN connection and
  // the setting that turns them off.
  const feed = new ChangeFeed((err) => app.log.warn({ err }, 'caches: lost the LISTEN connection'));
  const cache = new SessionCache(opts.sessionCacheMs, opts.sessionIdleMs, feed);
  app.decorate('changes', feed);
  app.addHook('onReady', async () => {
    if (opts.sessionCacheMs > 0) await feed.listen(opts.listenUrl);
  });
  app.addHook('onClose', async () => {
    cache.close();
    await feed.close();
  });

  // The cache is keyed by the token itself: hashing it would cost more than the rest of a cached
  // sign-in (decision 015). Only its hash ever goes to the database.
  async function readSession(token: string): Promise<LiveSession | null> {
    const started = cache.begin();
    const session = await findLiveSession(app.db, hashToken(token), opts.sessionIdleMs);
    if (session) cache.set(token, session, started);
    return session;
  }

  app.decorate(
    'authorize',
    (roles?: readonly Role[], options: { fresh?: boolean } = {}): preHandlerAsyncHookHandler => {
      return async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        const session = (options.fresh ? null : cache.get(token)) ?? (await readSession(token));
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
        // The request's own logger (Fastify makes one per request) takes the user: a pino child
        // of it would cost several microseconds on every call (decision 015). Without a logger
        // (tests) there is nothing to bind.
        (request.log as { setBindings?: (bindings: Record<string, string>) => void }).setBindings?.({
          userId: session.userId,
        });
        if (roles && !roles.includes(session.role)) throw forbidden();
        if (Date.now() - session.lastUsedAt.getTime() > 60_000) {
          cache.touched(token, new Date());
          touchSession(app.db, session.sessionId).catch((err) =>
            request.log.warn({ err }, 'session touch failed'),
          );
        }
      };
    },
  );
});
