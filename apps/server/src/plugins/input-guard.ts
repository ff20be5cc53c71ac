import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/** The path of the first string holding U+0000 ('' for the value itself), or null when none does. */
export function nulPath(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, at ? `${at}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a query carrying one fails inside the database
 * (a 500). Refuse it up front as bad input, for every route, in the body, query and params.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const path = nulPath(value);
      if (path !== null) return done(badRequest({ [path || part]: 'validation.invalid' }));
    }
    done();
  });
}
