import {
  billIdSchema,
  billLocatorSchema,
  billPageMetaSchema,
  billSchema,
  billTimelineSchema,
  billWithFeeSchema,
  checkInResultSchema,
  checkoutBodySchema,
  createBillBodySchema,
  listBillsBodySchema,
  printBillBodySchema,
  printResultSchema,
  updateBillBodySchema,
} from '@parking-hub/contracts/bills';
import { successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import { z } from 'zod';
import { requestedPage } from '../../lib/paging.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { checkIn, checkOut, findWithFee, printBill } from './bills.service.ts';
import { billTimeline, listBills, updateBill } from './bills-history.service.ts';
import { checkInMessage } from './gate-member.ts';
import { SCAN_CACHE_MS, ScanCache } from './scan-cache.ts';

const tags = ['bills'];
const ok = 'success' as const;
const staffApp = 'For the staff mobile app and the back office. ';

/** `sessionCacheMs`: SESSION_CACHE_SECONDS; 0 turns the scan cache off too. */
export async function billsRoutes(app: ZodApp, opts: { sessionCacheMs: number }) {
  // What scans read besides the bill (decision 015): on and off with the session cache.
  const scanCache = new ScanCache(opts.sessionCacheMs > 0 ? SCAN_CACHE_MS : 0, app.changes);
  app.addHook('onClose', async () => scanCache.close());

  app.post('/bill/create', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Check a vehicle in: a new bill with the next number of the shop',
      description: `${staffApp}Shop staff need not send shopId (their shop); a manager's default is their own shop. The answer carries the public reference to print as a QR code. Idempotent per tap: send a requestId (a UUID made once per tap, sent again unchanged on a retry) and a request the shop has already seen answers the bill it made, as it is now, with the same 201; a requestId another user already used in the shop answers 409. Members (issue 14): a memberNumber of the shop, or else a plate on a member of the shop, whose pass is valid on the business day makes the stay free (paid as MEMBER at check-out); an expired, suspended or not yet started pass gives a normal bill, and the answer's member (with its state) and the message say so; a memberNumber unknown at the shop is a 400.`,
      body: createBillBodySchema,
      response: { 201: successEnvelope(checkInResultSchema) },
    },
    handler: async (request, reply) => {
      const data = await checkIn(app.db, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: checkInMessage(request.lang, data.member), data });
    },
  });

  app.post('/bill/checkout', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Check a vehicle out: the server computes the fee and closes the bill',
      description: `${staffApp}Send the reference (typed or scanned), or the id, or the number with shopId. The same bill checked out twice: one succeeds, the other gets 409.`,
      body: checkoutBodySchema,
      response: { 200: successEnvelope(billSchema) },
    },
    handler: async (request) => {
      const data = await checkOut(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.checkedOut'), data };
    },
  });

  app.post('/bill/lost', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Lost ticket: close the bill with the stay’s fee plus the lost-ticket fee',
      description: `${staffApp}Find the bill by number (with shopId) or plate first; this is audited.`,
      body: checkoutBodySchema,
      response: { 200: successEnvelope(billSchema) },
    },
    handler: async (request) => {
      const data = await checkOut(app.db, authedContextOf(request), request.body, true);
      return { status: ok, message: translate(request.lang, 'success.lostTicket'), data };
    },
  });

  app.post('/bill/print', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Record a print of a bill (the first is PRINT, later ones REPRINT)',
      description: `${staffApp}Call it each time the ticket is printed; paper is 58 or 80 (mm).`,
      body: printBillBodySchema,
      response: { 200: successEnvelope(printResultSchema) },
    },
    handler: async (request) => {
      const data = await printBill(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.printed'), data };
    },
  });

  app.post('/bill/find', {
    preHandler: app.authorize(),
    // The scan path (decision 015). Its answer is built field by field (toBill, calculateFee) and
    // typed by the schema, so it is written as it is: the zod serializer's check costs more than the
    // rest of the answer. It stays under compression's 2 KB threshold, so no compression hooks.
    serializerCompiler: () => (data) => JSON.stringify(data),
    compress: false,
    schema: {
      tags,
      summary: 'Scan a bill: the bill and, while parked, its fee now',
      body: billLocatorSchema,
      response: { 200: successEnvelope(billWithFeeSchema) },
    },
    handler: async (request) => {
      const data = await findWithFee(app.db, scanCache, authedContextOf(request), request.body);
      return { status: ok, data };
    },
  });

  app.post('/bills-in-shop', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Bill history (paged, newest first; filters; meta.nextCursor pages without OFFSET)',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listBillsBodySchema,
      response: {
        200: z.object({ status: z.literal(ok), data: z.array(billSchema), meta: billPageMetaSchema }),
      },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = requestedPage(query, body);
      const result = await listBills(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.post('/bills/update', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Cancel a bill (reason required) or correct its plate or vehicle type',
      description:
        'Nothing is deleted. A closed or lost bill can be changed only by a MANAGER or above. Every change is audited.',
      body: updateBillBodySchema,
      response: { 200: successEnvelope(billSchema) },
    },
    handler: async (request) => {
      const data = await updateBill(app.db, authedContextOf(request), request.body);
      const key = request.body.action === 'CANCEL' ? 'success.billCancelled' : 'success.saved';
      return { status: ok, message: translate(request.lang, key), data };
    },
  });

  app.post('/bill/timeline', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'What happened to a bill: check-in, prints, corrections, check-out, cancellation',
      body: z.object({ id: billIdSchema }),
      response: { 200: successEnvelope(billTimelineSchema) },
    },
    handler: async (request) => {
      const data = await billTimeline(app.db, authedContextOf(request), request.body.id);
      return { status: ok, data };
    },
  });
}
