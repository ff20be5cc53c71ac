import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';

/** What a throw-away answer carries besides the security headers. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * What an API answer needs (OWASP REST Security Cheat Sheet, "Security headers"): it is JSON (or
 * an image), never a page, so no script, style or frame policy applies to it beyond "nothing, and
 * never framed"; and no browser or proxy keeps it (a login's token, signed-in data, errors). A
 * route that may be kept says so itself (the company's public name and logo).
 */
const API_ONLY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};
const API_FROM_HELMET = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];

/**
 * Security headers on every answer, worked out once at start, and the request id. Pages (the web
 * app, the API docs) get helmet's full set; API answers (under `apiPrefix`, the docs page aside)
 * the short set above. @fastify/helmet builds helmet's whole middleware again for every request
 * (the CSP parsed anew), a measurable share of a small API answer (decision 015); without
 * per-request CSP nonces the headers are the same on every answer, so they are taken from one
 * answer of a helmet-only server.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
  apiPrefix: string,
) {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const page: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_SECURITY.has(name) && typeof value === 'string') page[name] = value;
  }
  const api: Record<string, string> = { ...API_ONLY };
  for (const name of API_FROM_HELMET) if (page[name]) api[name] = page[name];
  const docs = `${apiPrefix}/docs`;
  const isApi = (request: FastifyRequest) =>
    request.url.startsWith(apiPrefix) && !request.url.startsWith(docs);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request) ? api : page);
    reply.header('x-request-id', request.id);
    done();
  });
}
