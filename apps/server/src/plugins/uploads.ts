import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../lib/uploads.ts';

/**
 * Uploaded files under /uploads/. Names are random and never reused, so they are cached for a
 * year; `nosniff` (helmet) keeps a browser from reading an image as anything else.
 */
export async function registerUploads(app: FastifyInstance, uploadsDir: string) {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
