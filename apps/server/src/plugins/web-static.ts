import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

export const API_PREFIX = '/parking-hub-api';

/**
 * Serve the built SPA: hashed assets cached for a year, pre-compressed variants when present,
 * and index.html for every other GET so client-side routes load. API paths answer 404 envelopes.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/gen-qr');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const ext = path.extname(request.url.split('?')[0] ?? '');
      // A missing asset is a real 404; a path without an extension is a client route.
      if (!ext || ext === '.html') {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
    }
    return sendError(reply, request.lang, 404, 'errors.routeNotFound');
  });
}
