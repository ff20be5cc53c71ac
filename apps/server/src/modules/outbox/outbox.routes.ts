import { cursorPagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  listMessagesBodySchema,
  messageIdParamsSchema,
  messagingStatusSchema,
  outboxMessageDetailSchema,
  outboxMessageSchema,
  resetWhatsappResultSchema,
  sendToShopsBodySchema,
  sendToShopsResultSchema,
  testWhatsappBodySchema,
} from '@parking-hub/contracts/messaging';
import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { requestedPage } from '../../lib/paging.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as service from './outbox.service.ts';
import type { Outbox } from './outbox.ts';

const tags = ['messages'];
const ok = 'success' as const;

/** The outbox under /v1: the Messages screen (admins) and a shop's messages (agents, their shops). */
export async function outboxRoutes(app: ZodApp, { outbox }: { outbox: Outbox }) {
  const deps = { db: app.db, outbox };

  app.get('/messages/status', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Each channel’s settings (no secrets), the last WhatsApp check and the outbox by status',
      response: { 200: successEnvelope(messagingStatusSchema) },
    },
    handler: async () => ({ status: ok, data: await service.messagingStatus(deps) }),
  });

  app.post('/messages', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary:
        'The outbox, newest first (filters: status, channel, shop, dates, recipient); agents see their shops’',
      querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      body: listMessagesBodySchema,
      response: { 200: cursorPagedEnvelope(outboxMessageSchema) },
    },
    handler: async (request) => {
      const { body, query } = request;
      const page = requestedPage(query, body);
      const result = await service.listMessages(app.db, authedContextOf(request), { ...body, page });
      return { status: ok, ...result };
    },
  });

  app.get('/messages/:id', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'One message with everything that happened to it (attempts, errors, callbacks)',
      params: messageIdParamsSchema,
      response: { 200: successEnvelope(outboxMessageDetailSchema) },
    },
    handler: async (request) => ({
      status: ok,
      data: await service.messageDetail(app.db, authedContextOf(request), request.params.id),
    }),
  });

  app.post('/messages/:id/retry', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Send again now (a queued message skips its wait; a failed or cancelled one starts over)',
      params: messageIdParamsSchema,
      response: { 200: successEnvelope(outboxMessageSchema) },
    },
    handler: async (request) => {
      const data = await service.retryMessage(deps, authedContextOf(request), request.params.id);
      return { status: ok, message: translate(request.lang, 'success.queued'), data };
    },
  });

  app.post('/messages/:id/cancel', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Cancel a message still waiting to be sent',
      params: messageIdParamsSchema,
      response: { 200: successEnvelope(outboxMessageSchema) },
    },
    handler: async (request) => {
      const data = await service.cancelMessage(app.db, authedContextOf(request), request.params.id);
      return { status: ok, message: translate(request.lang, 'success.messageCancelled'), data };
    },
  });

  app.post('/test-whatsapp', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Send the test template (or a text) to a WhatsApp number; answers the outbox row',
      body: testWhatsappBodySchema,
      response: { 201: successEnvelope(outboxMessageSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.testWhatsapp(deps, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.queued'), data });
    },
  });

  app.post('/reset-whatsapp', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        'Check the WhatsApp settings against the API; when connected, queue failed and waiting messages again',
      body: z.object({}).optional(),
      response: { 200: successEnvelope(resetWhatsappResultSchema) },
    },
    handler: async (request) => {
      const data = await service.resetWhatsapp(deps, authedContextOf(request));
      return {
        status: ok,
        message: translate(request.lang, 'success.requeued', { count: data.requeued }),
        data,
      };
    },
  });
}

/** Under /bot/v1: the message to shops (spec §7) and the Cloud API's webhook (webhook.routes.ts). */
export async function botRoutes(app: ZodApp, { outbox }: { outbox: Outbox }) {
  app.post('/sent-whatsapp-to-shop', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'A message to one or more shops’ WhatsApp numbers (an agent: the shops they serve)',
      body: sendToShopsBodySchema,
      response: { 201: successEnvelope(sendToShopsResultSchema) },
    },
    handler: async (request, reply) => {
      const data = await service.sendToShops({ db: app.db, outbox }, authedContextOf(request), request.body);
      const message = translate(request.lang, 'success.messagesQueued', { count: data.queued.length });
      return reply.code(201).send({ status: ok, message, data });
    },
  });
}
