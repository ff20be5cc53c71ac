import { companySchema, publicCompanySchema, updateCompanyBodySchema } from '@parking-hub/contracts/company';
import { successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { acceptUploadForms } from '../../lib/image-upload.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { companyImageKindSchema, readCompanyImageForm } from './company.image.ts';
import * as service from './company.service.ts';

const tags = ['company'];
const ok = 'success' as const;
/** Only the platform owner edits the profile (DESIGN.md §1); everyone signed in reads it. */
const EDITORS = ['SUPER-ADMIN'] as const;

/** The company profile under /v1 (spec §3's Company): one profile, read by all, edited by SUPER-ADMIN. */
export async function companyRoutes(app: ZodApp, { config }: { config: Config }) {
  await acceptUploadForms(app);
  app.get('/company', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'The company profile (every field null until it is filled in)',
      response: { 200: successEnvelope(companySchema) },
    },
    handler: async () => ({ status: ok, data: await service.getCompany(app.db) }),
  });

  app.post('/company/update', {
    preHandler: app.authorize(EDITORS),
    schema: {
      tags,
      summary:
        'Save the profile’s facts (a field left out stays; an empty one is cleared; WhatsApp as E.164)',
      body: updateCompanyBodySchema,
      response: { 200: successEnvelope(companySchema) },
    },
    handler: async (request) => {
      const data = await service.updateCompany(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/company/image', {
    preHandler: app.authorize(EDITORS),
    schema: {
      tags,
      summary:
        'Upload the logo or the payment QR (multipart: `kind` logo|qr, one file `file`; PNG, JPEG or WebP by content, at most 1 MiB)',
      consumes: ['multipart/form-data'],
      response: { 200: successEnvelope(companySchema) },
    },
    handler: async (request) => {
      const upload = await readCompanyImageForm(request);
      const data = await service.setCompanyImage(app.db, authedContextOf(request), config.uploadsDir, upload);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/company/image/remove', {
    preHandler: app.authorize(EDITORS),
    schema: {
      tags,
      summary: 'Clear the logo or the payment QR (its file is deleted)',
      body: z.object({ kind: companyImageKindSchema }),
      response: { 200: successEnvelope(companySchema) },
    },
    handler: async (request) => {
      const upload = { kind: request.body.kind, image: null };
      const data = await service.setCompanyImage(app.db, authedContextOf(request), config.uploadsDir, upload);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });
}

/** GET /parking-hub-api/public/company: the footer's and the e-receipt's view, no sign-in. */
export async function publicCompanyRoutes(app: ZodApp) {
  app.get('/company', {
    schema: {
      tags: ['public'],
      summary: 'The company’s name, branch, logo and contacts for public pages (no payment QR, no sign-in)',
      security: [],
      response: { 200: successEnvelope(publicCompanySchema) },
    },
    handler: async (_request, reply) => {
      // A minute is short enough for an edit to show soon, long enough to spare the database.
      reply.header('cache-control', 'public, max-age=60');
      return { status: ok, data: await service.getPublicCompany(app.db) };
    },
  });
}
