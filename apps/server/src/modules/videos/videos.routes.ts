import multipart from '@fastify/multipart';
import { messageEnvelope, pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import {
  createVideoFieldsSchema,
  deleteVideoBodySchema,
  listVideosBodySchema,
  updateVideoFieldsSchema,
  VIDEO_POSTER_MAX_BYTES,
  videoLimitsSchema,
  videoSchema,
} from '@parking-hub/contracts/videos';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { videoFiles } from './videos.files.ts';
import { FIELD_MAX_BYTES, MAX_FIELDS, parseFields, readVideoForm } from './videos.form.ts';
import * as service from './videos.service.ts';

const tags = ['videos'];
const ok = 'success' as const;
/** A temporary file nothing has written to for this long was left by a process that died. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Intro videos (issue 16). Every signed-in role lists them (the staff mobile app reads the same
 * call): admins all, anyone else the active ones for their role. Admins create, change and delete.
 */
export async function videosRoutes(app: ZodApp, { config }: { config: Config }) {
  // This module's own form parser (its scope only): two files, one of them as big as VIDEO_MAX_MB.
  // Fastify's bodyLimit does not apply to a multipart stream; these limits and the streaming
  // checks in videos.form.ts do.
  await app.register(multipart, {
    limits: {
      files: 2,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 2,
      fieldSize: FIELD_MAX_BYTES,
      fileSize: Math.max(config.videoMaxBytes, VIDEO_POSTER_MAX_BYTES) + 1,
    },
  });
  const files = videoFiles(config.uploadsDir);
  const storage = { files, uploadsDir: config.uploadsDir };
  app.addHook('onReady', async () => {
    files.sweep(STALE_UPLOAD_MS).then(
      (removed) => removed > 0 && app.log.info({ removed }, 'stale video uploads removed'),
      (err: unknown) => app.log.warn({ err }, 'stale video uploads not swept'),
    );
  });

  app.post('/video', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary:
        'Intro videos in order (paged; search, active, role). Admins see all; other roles the active ones for their role or for everyone',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listVideosBodySchema,
      response: { 200: pagedEnvelope(videoSchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.listVideos(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.get('/video/limits', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'The largest video (VIDEO_MAX_MB) and poster an upload may be, in bytes',
      response: { 200: successEnvelope(videoLimitsSchema) },
    },
    handler: async () => ({
      status: ok,
      data: { maxBytes: config.videoMaxBytes, posterMaxBytes: VIDEO_POSTER_MAX_BYTES },
    }),
  });

  app.post('/video/create', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: `Add a video (multipart: title, description, url, sortOrder, roles, active; the file \`file\`, MP4 or WebM by content, at most VIDEO_MAX_MB; the picture \`poster\`, PNG, JPEG or WebP, at most 2 MB). A file or an https url, not both`,
      consumes: ['multipart/form-data'],
      response: { 201: successEnvelope(videoSchema) },
    },
    handler: async (request, reply) => {
      const form = await readVideoForm(request, files, config.videoMaxBytes);
      try {
        const fields = parseFields(createVideoFieldsSchema, form.fields);
        const data = await service.createVideo(app.db, authedContextOf(request), fields, form, storage);
        return reply
          .code(201)
          .send({ status: ok, message: translate(request.lang, 'success.created'), data });
      } finally {
        await files.discard(form.video);
      }
    },
  });

  app.post('/video/update', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        'Change the fields sent (multipart: id and any of the create fields; a new `file` or `poster` replaces the old one, removed once saved; url empty removes the link; removePoster=true)',
      consumes: ['multipart/form-data'],
      response: { 200: successEnvelope(videoSchema) },
    },
    handler: async (request) => {
      const form = await readVideoForm(request, files, config.videoMaxBytes);
      try {
        const fields = parseFields(updateVideoFieldsSchema, form.fields);
        const data = await service.updateVideo(app.db, authedContextOf(request), fields, form, storage);
        return { status: ok, message: translate(request.lang, 'success.saved'), data };
      } finally {
        await files.discard(form.video);
      }
    },
  });

  app.post('/video/delete', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Delete a video for good, with its file and poster (the audit trail keeps what it was)',
      body: deleteVideoBodySchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await service.deleteVideo(app.db, authedContextOf(request), request.body.id, storage);
      return { status: ok, message: translate(request.lang, 'success.deleted') };
    },
  });
}
