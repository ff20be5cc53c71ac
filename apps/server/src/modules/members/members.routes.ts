import { dayText } from '@parking-hub/contracts/business-day';
import { pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { idSchema, optionalText } from '@parking-hub/contracts/fields';
import {
  createMemberBodySchema,
  createNumbersBodySchema,
  createNumbersResultSchema,
  deleteNumberResultSchema,
  listMembersQuerySchema,
  listNumbersQuerySchema,
  memberDetailSchema,
  memberNumberRowSchema,
  memberSchema,
  membershipSettingsSchema,
  membersPageMetaSchema,
  passPlanSchema,
  passReceiptSchema,
  renewMemberBodySchema,
  replaceCardBodySchema,
  updateMemberBodySchema,
  updateMembershipSettingsBodySchema,
} from '@parking-hub/contracts/members';
import { translate } from '@parking-hub/contracts/messages';
import { SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as changes from './members.changes.ts';
import * as reads from './members.reads.ts';
import * as sales from './members.service.ts';
import * as numbers from './numbers.service.ts';
import * as plans from './plans.service.ts';

const tags = ['membership'];
const ok = 'success' as const;
const shopQuery = z.object({ shopId: optionalText(idSchema) });

/**
 * Members and their passes (issue 14). Managers and above, for the shops in their scope; shop
 * staff look members up, read the pool, the plans and the settings, and sell or renew passes only
 * where the shop lets them (`staff_sell_passes`, checked by the service). The members report:
 * members-report.routes.ts.
 */
export async function membersRoutes(app: ZodApp) {
  app.get('/membership', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary:
        'Members of the caller’s shops, paged (search name, phone, card number or plate; status; ending soon)',
      description:
        'One shop (shopId; staff: their own) or every shop in scope, by shop and card number (ending soon: by last day). search: part of a name or card number, digits of a phone, or a whole plate. status: as on the shop’s business day today (an ACTIVE pass past its end is EXPIRED). expiringWithin: ACTIVE passes whose last day is within N days.',
      querystring: listMembersQuerySchema,
      response: { 200: pagedEnvelope(memberSchema).extend({ meta: membersPageMetaSchema }) },
    },
    handler: async (request) => ({
      status: ok,
      ...(await reads.listMembers(app.db, authedContextOf(request), request.query)),
    }),
  });

  app.get('/membership/member/:memberId', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'A member, their payments (newest first), their last 20 visits and earlier card numbers',
      params: z.object({ memberId: idSchema }),
      response: { 200: successEnvelope(memberDetailSchema) },
    },
    handler: async (request) => ({
      status: ok,
      data: await reads.memberDetail(app.db, authedContextOf(request), request.params.memberId),
    }),
  });

  app.post('/membership/create', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Sell a pass: a new member on a free card, with the first payment (answers the receipt)',
      description:
        'Amount left out: the shop’s price rule price for the vehicle type and length. The period starts on validFrom (default: the shop’s business day today, never earlier). Shop staff only where the shop lets them.',
      body: createMemberBodySchema,
      response: { 201: successEnvelope(passReceiptSchema) },
    },
    handler: async (request, reply) => {
      const data = await sales.sellPass(app.db, authedContextOf(request), request.body);
      const message = translate(request.lang, 'success.passSold', {
        number: data.member.number,
        until: dayText(data.member.validUntil),
      });
      return reply.code(201).send({ status: ok, message, data });
    },
  });

  app.post('/membership/renew', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Renew a pass from the later of today and the day after its end (answers the receipt)',
      body: renewMemberBodySchema,
      response: { 200: successEnvelope(passReceiptSchema) },
    },
    handler: async (request) => {
      const data = await sales.renewPass(app.db, authedContextOf(request), request.body);
      const message = translate(request.lang, 'success.passRenewed', {
        number: data.member.number,
        until: dayText(data.member.validUntil),
      });
      return { status: ok, message, data };
    },
  });

  app.post('/membership/update', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Change a member’s details, period or status (ACTIVE ↔ SUSPENDED); only the fields sent',
      body: updateMemberBodySchema,
      response: { 200: successEnvelope(memberSchema) },
    },
    handler: async (request) => {
      const data = await changes.updateMemberDetails(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });

  app.post('/membership/replace-card', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Move a member to a free card; the old card becomes LOST',
      body: replaceCardBodySchema,
      response: { 200: successEnvelope(memberSchema) },
    },
    handler: async (request) => {
      const data = await changes.replaceCard(app.db, authedContextOf(request), request.body);
      return {
        status: ok,
        message: translate(request.lang, 'success.cardReplaced', { number: data.number }),
        data,
      };
    },
  });

  app.delete('/membership/:memberId', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Cancel a member (kept, never deleted); their card is free again',
      params: z.object({ memberId: idSchema }),
      response: { 200: successEnvelope(memberSchema) },
    },
    handler: async (request) => {
      const data = await changes.cancelMember(app.db, authedContextOf(request), request.params.memberId);
      return {
        status: ok,
        message: translate(request.lang, 'success.memberCancelled', { number: data.number }),
        data,
      };
    },
  });

  app.post('/membership/number/create', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Add one card number or a range (prefix + from…to, zero-padded) to a shop’s pool',
      description: 'Numbers the shop already has are skipped; the answer counts both.',
      body: createNumbersBodySchema,
      response: { 201: successEnvelope(createNumbersResultSchema) },
    },
    handler: async (request, reply) => {
      const data = await numbers.createNumbers(app.db, authedContextOf(request), request.body);
      return reply.code(201).send({ status: ok, message: translate(request.lang, 'success.created'), data });
    },
  });

  app.get('/membership/numbers', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'A shop’s card numbers, paged, by number (status, part of a number)',
      querystring: listNumbersQuerySchema,
      response: { 200: pagedEnvelope(memberNumberRowSchema) },
    },
    handler: async (request) => ({
      status: ok,
      ...(await numbers.listNumbers(app.db, authedContextOf(request), request.query)),
    }),
  });

  app.delete('/membership/number/:numberId', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Delete a card number: REMOVED if never assigned, else RETIRED; a held card is refused (409)',
      params: z.object({ numberId: idSchema }),
      response: { 200: successEnvelope(deleteNumberResultSchema) },
    },
    handler: async (request) => {
      const data = await numbers.deleteNumber(app.db, authedContextOf(request), request.params.numberId);
      const key = data.outcome === 'REMOVED' ? 'success.deleted' : 'success.numberRetired';
      return { status: ok, message: translate(request.lang, key), data };
    },
  });

  app.get('/membership/plans', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'The passes a shop sells: vehicle type, months and price, from its price rules',
      querystring: shopQuery,
      response: { 200: successEnvelope(z.array(passPlanSchema)) },
    },
    handler: async (request) => ({
      status: ok,
      data: await plans.listPlans(app.db, authedContextOf(request), request.query.shopId),
    }),
  });

  app.get('/membership/settings', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'A shop’s membership settings: whether staff sell passes, the reminder days',
      querystring: shopQuery,
      response: { 200: successEnvelope(membershipSettingsSchema) },
    },
    handler: async (request) => ({
      status: ok,
      data: await plans.getSettings(app.db, authedContextOf(request), request.query.shopId),
    }),
  });

  app.post('/membership/settings', {
    preHandler: app.authorize(SHOP_EDITOR_ROLES),
    schema: {
      tags,
      summary: 'Set whether staff sell passes and the reminder days (managers and above)',
      body: updateMembershipSettingsBodySchema,
      response: { 200: successEnvelope(membershipSettingsSchema) },
    },
    handler: async (request) => {
      const data = await plans.saveSettings(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.saved'), data };
    },
  });
}
