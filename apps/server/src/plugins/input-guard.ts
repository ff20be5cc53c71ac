import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { nulPath } from '../lib/nul-path.ts';

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
