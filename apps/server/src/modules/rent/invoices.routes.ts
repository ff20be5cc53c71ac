import {
  messageEnvelope,
  pagedEnvelope,
  pageMetaSchema,
  successEnvelope,
} from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  chargeSchema,
  createChargeBodySchema,
  generateInvoicesBodySchema,
  generateInvoicesResultSchema,
  invoiceDetailSchema,
  invoiceIdParamsSchema,
  invoiceSchema,
  listChargesBodySchema,
  rentReportBodySchema,
  rentReportMetaSchema,
  updateInvoiceBodySchema,
  voidInvoiceBodySchema,
} from '@parking-hub/contracts/rent';
import { ADMIN_ROLES, type Role } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as charges from './charges.service.ts';
import * as service from './invoices.service.ts';

const tags = ['rent'];
const ok = 'success' as const;
/** Who reads invoices: admins all, an agent their shops', a manager their main shop's (SHOP: 403). */
const RENT_READERS: readonly Role[] = ['SUPER-ADMIN', 'ADMIN', 'AGENT', 'MANAGER'];
const pageQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

/** Rent invoices: generation on demand, the rent report, detail, update, void, charges (issue 15). */
export async function invoicesRoutes(app: ZodApp, { config }: { config: Config }) {
  const timezone = config.platformTimezone;

  app.post('/manual-summary-rent', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        "Make a month's rent invoices now (chosen main shops, or every one); shops already invoiced are left alone",
      body: generateInvoicesBodySchema,
      response: { 200: successEnvelope(generateInvoicesResultSchema) },
    },
    handler: async (request) => {
      const data = await service.generateInvoices(app.db, authedContextOf(request), request.body, timezone);
      const message = translate(request.lang, 'success.invoicesGenerated', {
        month: data.month,
        created: data.created,
        existing: data.existing,
      });
      return { status: ok, message, data };
    },
  });

  app.post('/report-rent', {
    preHandler: app.authorize(RENT_READERS),
    schema: {
      tags,
      summary: 'Rent invoices (paged) and the totals of every invoice the filters match',
      querystring: pageQuery,
      body: rentReportBodySchema,
      response: {
        200: pagedEnvelope(invoiceSchema).extend({ meta: pageMetaSchema.extend(rentReportMetaSchema.shape) }),
      },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      const result = await service.rentReport(app.db, authedContextOf(request), { ...body, page }, timezone);
      return { status: ok, ...result };
    },
  });

  app.get('/invoice/:invoiceId', {
    preHandler: app.authorize(RENT_READERS),
    schema: {
      tags,
      summary: 'One invoice: lines, payments, the public page path and the shop’s wallet balance',
      params: invoiceIdParamsSchema,
      response: { 200: successEnvelope(invoiceDetailSchema) },
    },
    handler: async (request) => {
      const data = await service.invoiceDetail(
        app.db,
        authedContextOf(request),
        request.params.invoiceId,
        timezone,
      );
      return { status: ok, data };
    },
  });

  app.post('/invoice/update', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Replace an UNPAID invoice’s lines, with the reason (and maybe a new due date)',
      body: updateInvoiceBodySchema,
      response: { 200: successEnvelope(invoiceDetailSchema) },
    },
    handler: async (request) => {
      const data = await service.updateInvoice(app.db, authedContextOf(request), request.body, timezone);
      return {
        status: ok,
        message: translate(request.lang, 'success.invoiceUpdated', { number: data.number }),
        data,
      };
    },
  });

  app.delete('/invoice/:invoiceId', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Void an UNPAID invoice (kept; its charges and promotion use are given back)',
      params: invoiceIdParamsSchema,
      body: voidInvoiceBodySchema,
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      const reason = request.body?.reason || null;
      const { number } = await service.voidInvoice(
        app.db,
        authedContextOf(request),
        request.params.invoiceId,
        reason,
      );
      return { status: ok, message: translate(request.lang, 'success.invoiceVoided', { number }) };
    },
  });

  app.post('/rent/charge/create', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'A one-off charge on a main shop’s rent, picked up by its next invoice',
      body: createChargeBodySchema,
      response: { 201: successEnvelope(chargeSchema) },
    },
    handler: async (request, reply) => {
      const data = await charges.createCharge(app.db, authedContextOf(request), request.body, timezone);
      const message = translate(request.lang, 'success.chargeCreated', { month: data.month });
      return reply.code(201).send({ status: ok, message, data });
    },
  });

  app.post('/rent/charges', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'One-off charges (paged; by shop, pending or invoiced)',
      querystring: pageQuery,
      body: listChargesBodySchema,
      response: { 200: pagedEnvelope(chargeSchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = query.page && body.page === 1 ? query.page : body.page;
      return { status: ok, ...(await charges.listCharges(app.db, { ...body, page })) };
    },
  });

  app.delete('/rent/charge/:id', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Delete a charge no invoice has picked up',
      params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
      response: { 200: messageEnvelope },
    },
    handler: async (request) => {
      await charges.deleteCharge(app.db, authedContextOf(request), request.params.id);
      return { status: ok, message: translate(request.lang, 'success.chargeDeleted') };
    },
  });
}
